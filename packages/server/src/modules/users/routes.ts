import { apiPaths, errorResponseSchema, selectDetailsSchema, userInfoSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { loadProfile, loadSelectDetails } from './service.ts';

export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.userInfo,
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: userInfoSchema, 401: errorResponseSchema } },
      },
      async (request) => {
        return (await loadProfile(deps.db, requireUser(request).id, request.log)).info;
      },
    );

    app.get(
      apiPaths.selectDetails,
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          response: { 200: selectDetailsSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const profile = await loadProfile(deps.db, requireUser(request).id, request.log);
        return loadSelectDetails(deps.db, profile);
      },
    );
  };
}
