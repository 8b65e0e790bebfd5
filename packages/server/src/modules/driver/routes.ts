import {
  driverPaths,
  driverProfileResponseSchema,
  driverRideDetailsQuerySchema,
  driverRideDetailsResponseSchema,
  driverRidesQuerySchema,
  driverRidesResponseSchema,
  invoiceQuerySchema,
  invoiceResponseSchema,
  rideDetailQuerySchema,
  rideDetailResponseSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { readerLanguage } from '../../lib/reader-language.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { localisedStrings } from '../localisation/service.ts';
import {
  driverProfile,
  driverRideDetails,
  driverRidesPage,
  earningStatementOf,
  requireDriver,
  requirePartner,
  rideDetail,
} from './service.ts';
import { statementPdf } from './statement-pdf.ts';

const tags = ['driver'];
// Signed in first (401 before any validation, plugins/access.ts); then the role (403), then the input.
const signedIn = { access: 'user' } as const;

export function driverRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;

  return async (app) => {
    app.get(
      driverPaths.profile,
      { config: signedIn, schema: { tags, response: { 200: driverProfileResponseSchema, ...errorResponses } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return driverProfile(db, requirePartner(requireUser(request)));
      },
    );

    app.get(
      driverPaths.rides,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: driverRidesQuerySchema,
          response: { 200: driverRidesResponseSchema, ...errorResponses },
        },
        // The role is checked before the query: a food-delivery rider hears 403 whatever they asked for.
        preValidation: async (request) => {
          requireDriver(requireUser(request));
        },
      },
      async (request) => {
        const page = await driverRidesPage(db, requireDriver(requireUser(request)), request.query);
        return { status: 'SUCCESS' as const, ...page };
      },
    );

    app.get(
      driverPaths.rideDetails,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: driverRideDetailsQuerySchema,
          response: { 200: driverRideDetailsResponseSchema, ...errorResponses },
        },
        preValidation: async (request) => {
          requireDriver(requireUser(request));
        },
      },
      async (request) => ({
        status: 'SUCCESS' as const,
        data: await driverRideDetails(db, requireDriver(requireUser(request)), request.query.crn),
      }),
    );

    app.get(
      driverPaths.rideDetail,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: rideDetailQuerySchema,
          response: { 200: rideDetailResponseSchema, ...errorResponses },
        },
        preValidation: async (request) => {
          requireDriver(requireUser(request));
        },
      },
      async (request) => ({
        status: 'SUCCESS' as const,
        data: await rideDetail(db, requireDriver(requireUser(request)), request.query.id),
      }),
    );

    app.get(
      driverPaths.invoice,
      {
        config: signedIn,
        schema: { tags, querystring: invoiceQuerySchema, response: { 200: invoiceResponseSchema, ...errorResponses } },
        preValidation: async (request) => {
          requireDriver(requireUser(request));
        },
      },
      async (request, reply) => {
        const user = requireDriver(requireUser(request));
        const statement = await earningStatementOf(db, user, request.query.id);
        reply.header('cache-control', 'private, no-store');
        if (request.query.format === 'pdf') {
          // A Buffer is sent as it is (Fastify serialises only objects): the printable statement as a download. The
          // type provider types the JSON answer only, hence the cast. In the reader's language, by the rule the
          // statement page follows (a driver's profile locale), with the page's own labels.
          const locale = readerLanguage(request, user);
          const labels = localisedStrings(deps.config.localesDir, locale, 'customer_website', request.log).body.strings;
          const pdf = await statementPdf(statement, { driverName: user.name, locale, labels });
          return reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="earning-statement-${statement.crn}.pdf"`)
            .send(pdf as unknown as { status: 'SUCCESS'; data: typeof statement });
        }
        return { status: 'SUCCESS' as const, data: statement };
      },
    );
  };
}
