import {
  apiPaths,
  COUNTRIES_MAX_AGE_SECONDS,
  countryListResponseSchema,
  countryPaths,
  errorResponseSchema,
  selectDetailsSchema,
  userInfoSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { countryList, loadProfile, loadSelectDetails } from './service.ts';

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

    // The country list (core.md §3) for the forms that ask for a dialing code: anyone's, the same for everyone, and
    // changed only by a release, so browsers and shared caches keep it a day and revalidate by its ETag.
    app.get(
      countryPaths.list,
      {
        config: { access: 'visitor' },
        schema: { tags: ['users'], response: { 200: countryListResponseSchema, 304: z.undefined() } },
      },
      async (request, reply) => {
        const list = countryList();
        reply.header('cache-control', `public, max-age=${COUNTRIES_MAX_AGE_SECONDS}`).header('etag', list.etag);
        if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
        return list.body;
      },
    );
  };
}
