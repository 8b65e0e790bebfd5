import { agentInsightsPath, agentInsightsQuerySchema, agentInsightsResponseSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { insights } from './insights.ts';
import { requireStaff } from './staff.ts';

export function agentInsightsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      agentInsightsPath,
      {
        config: { access: 'agent' },
        schema: {
          tags: ['agent'],
          querystring: agentInsightsQuerySchema,
          response: { 200: agentInsightsResponseSchema, ...errorResponses },
        },
      },
      async (request) => insights(deps.db, requireStaff(request), request.query),
    );
  };
}
