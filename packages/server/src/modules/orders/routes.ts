import {
  orderContextQuerySchema,
  orderContextResponseSchema,
  orderListResponseSchema,
  orderPaths,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { listOwnOrders } from './repo.ts';
import { ownOrderContext, toOrderContext } from './service.ts';

export function ordersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Any kind of order, parcels included (the spec's metas cover four kinds; parcels have none).
    app.get(
      orderPaths.context,
      {
        config: { access: 'user' },
        schema: {
          tags: ['orders'],
          querystring: orderContextQuerySchema,
          response: { 200: orderContextResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        return { status: 'SUCCESS' as const, data: await ownOrderContext(deps.db, userId, request.query.order_id) };
      },
    );

    app.get(
      orderPaths.list,
      {
        config: { access: 'user' },
        schema: { tags: ['orders'], response: { 200: orderListResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const userId = requireUser(request).id;
        return { status: 'SUCCESS' as const, data: (await listOwnOrders(deps.db, userId)).map(toOrderContext) };
      },
    );
  };
}
