import {
  attachedCarsResponseSchema,
  driverCitiesResponseSchema,
  earningsHistoryRequestSchema,
  earningsHistoryResponseSchema,
  earningsPaths,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { attachedCars, driverCities, earningsHistory, requireEarningsDriver } from './earnings-service.ts';

const tags = ['driver'];
// Signed in first (401 before any validation; the POST also needs the CSRF header), then the role (403), then input.
const signedIn = { access: 'user' } as const;
const driverOnly = async (request: Parameters<typeof requireUser>[0]) => {
  requireEarningsDriver(requireUser(request));
};

/** The driver's earnings calls (core.md §7; docs/driver.md "Earnings"), under /driver/ss/ (an API prefix). */
export function driverEarningsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;

  return async (app) => {
    app.post(
      earningsPaths.history,
      {
        config: signedIn,
        schema: {
          tags,
          body: earningsHistoryRequestSchema,
          response: { 200: earningsHistoryResponseSchema, ...errorResponses },
        },
        preValidation: driverOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const user = requireEarningsDriver(requireUser(request));
        return { status: 'SUCCESS' as const, data: await earningsHistory(db, user, request.body) };
      },
    );

    app.get(
      earningsPaths.cities,
      {
        config: signedIn,
        schema: { tags, response: { 200: driverCitiesResponseSchema, ...errorResponses } },
        preValidation: driverOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return {
          status: 'SUCCESS' as const,
          data: await driverCities(db, requireEarningsDriver(requireUser(request))),
        };
      },
    );

    app.get(
      earningsPaths.attachedCars,
      {
        config: signedIn,
        schema: { tags, response: { 200: attachedCarsResponseSchema, ...errorResponses } },
        preValidation: driverOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return {
          status: 'SUCCESS' as const,
          data: await attachedCars(db, requireEarningsDriver(requireUser(request))),
        };
      },
    );
  };
}
