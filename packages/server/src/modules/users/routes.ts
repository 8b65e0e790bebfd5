import { apiPaths, errorResponseSchema, selectDetailsSchema, userInfoSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { requireSession } from '../../plugins/session.ts';
import { loadProfile, loadSelectDetails } from './service.ts';

export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.userInfo,
      { schema: { tags: ['users'], response: { 200: userInfoSchema, 401: errorResponseSchema } } },
      async (request) => {
        const session = requireSession(request);
        return (await loadProfile(deps.db, session.userId, request.log)).info;
      },
    );

    app.get(
      apiPaths.selectDetails,
      {
        schema: {
          tags: ['users'],
          response: { 200: selectDetailsSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const profile = await loadProfile(deps.db, session.userId, request.log);
        return loadSelectDetails(deps.db, profile);
      },
    );
  };
}
