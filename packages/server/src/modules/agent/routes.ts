import { agentApiPaths, agentCountries, agentMeResponseSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { agentArticleRoutes } from './articles-routes.ts';
import { agentInsightsRoutes } from './insights-routes.ts';
import { requireStaff } from './staff.ts';

const tags = ['agent'];

/** The console's own calls; each section of the console registers its routes from its module (docs/agent.md). */
export function agentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(agentArticleRoutes(deps));
    await app.register(agentInsightsRoutes(deps));
    app.get(
      agentApiPaths.me,
      { config: { access: 'agent' }, schema: { tags, response: { 200: agentMeResponseSchema, ...errorResponses } } },
      async (request) => {
        const staff = requireStaff(request);
        return {
          status: 'SUCCESS' as const,
          id: staff.id,
          name: staff.name,
          email: staff.email,
          staff_role: staff.staff_role,
          countries: agentCountries(staff),
        };
      },
    );
  };
}
