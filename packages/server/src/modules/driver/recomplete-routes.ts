import {
  preRecompleteCheckQuerySchema,
  preRecompleteCheckResponseSchema,
  recompletePaths,
  recompleteTokenBodySchema,
  recompleteTokenResponseSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { preRecompleteCheck, recompleteToken } from './recomplete.ts';
import { requireDriver } from './service.ts';

const tags = ['driver'];
// Signed in first (401 before any validation), then the role (403, before the input), then the input.
const signedIn = { access: 'user' } as const;

/**
 * The recompute's two calls before the v3 submit (core.md §7; docs/driver.md "Recomplete"). The submit itself is
 * the one-touch v3 submit, call_type ldt_recomplete (modules/flows/registry.ts → ./recomplete.ts).
 */
export function recompleteRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  return async (app) => {
    app.get(
      recompletePaths.preCheck,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: preRecompleteCheckQuerySchema,
          response: { 200: preRecompleteCheckResponseSchema, ...errorResponses },
        },
        preValidation: async (request) => {
          requireDriver(requireUser(request));
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return preRecompleteCheck(db, requireUser(request), request.query.booking_id);
      },
    );

    app.post(
      recompletePaths.token,
      {
        config: signedIn,
        schema: {
          tags,
          body: recompleteTokenBodySchema,
          response: { 200: recompleteTokenResponseSchema, ...errorResponses },
        },
        preValidation: async (request) => {
          requireDriver(requireUser(request));
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return recompleteToken(db, config, requireUser(request), request.body.booking_id);
      },
    );
  };
}
