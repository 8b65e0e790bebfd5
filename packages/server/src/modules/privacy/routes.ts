import { adminUserParamsSchema, operationsPaths, userErasureResponseSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { eraseUser, exportUserData } from './service.ts';

const tags = ['admin'];

const exportResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  exported_at: z.string(),
  user: z.record(z.string(), z.unknown()),
  /** table → the user's rows in it */
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

/** The admin's data calls (docs/operations.md "Export and erasure"): access 'admin', each with an audit entry. */
export function privacyRoutes(deps: AppDeps, opts: { redis: Redis | null }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      operationsPaths.adminUserExport,
      {
        config: { access: 'admin' },
        schema: { tags, params: adminUserParamsSchema, response: { 200: exportResponseSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const admin = requireUser(request);
        const answer = await exportUserData(deps, admin.id, request.params.id);
        // A download of personal data: never kept by a cache, saved as a file by a browser.
        reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="user-${request.params.id.replace(/[^\w-]/g, '_')}.json"`,
          );
        return answer;
      },
    );

    app.delete(
      operationsPaths.adminUser,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          params: adminUserParamsSchema,
          response: { 200: userErasureResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const admin = requireUser(request);
        return eraseUser(deps, { actorId: admin.id, userId: request.params.id, redis: opts.redis, log: request.log });
      },
    );
  };
}
