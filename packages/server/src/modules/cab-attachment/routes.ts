import {
  bdAddressQuerySchema,
  bdAddressResponseSchema,
  cabAttachmentPaths,
  cabCitiesResponseSchema,
  coded,
  mapSearchLink,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findUserById } from '../users/repo.ts';
import { cityOffices, findServedCity, servedCities } from './repo.ts';

const tags = ['cab-attachment'];
/** Where we onboard drivers is public: a visitor may read it too. */
const anyone = { access: 'visitor' } as const;

/** The attach-your-car article's reads (docs/flows/cab-attachment.md): the served cities, a city's offices. */
export function cabAttachmentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      cabAttachmentPaths.cities,
      { config: anyone, schema: { tags, response: { 200: cabCitiesResponseSchema, ...errorResponses } } },
      async (request) => {
        const cities = await servedCities(db);
        // A visitor's route: the session's user, when there is one, only to preselect their city.
        const user = request.session ? await findUserById(db, request.session.userId) : undefined;
        const own = user?.city ? await findServedCity(db, user.city) : null;
        return { status: 'SUCCESS' as const, cities, user_city: own?.id ?? null };
      },
    );

    app.get(
      cabAttachmentPaths.bdAddress,
      {
        config: anyone,
        schema: {
          tags,
          querystring: bdAddressQuerySchema,
          response: { 200: bdAddressResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const city = await findServedCity(db, request.query.city);
        if (!city) throw new AppError('NOT_FOUND', coded('cabNoOffices'));
        const offices = await cityOffices(db, city.id);
        return {
          status: 'SUCCESS' as const,
          city: city.name,
          city_id: city.id,
          address: offices.map((o) => ({
            address: o.address,
            operatingHours: o.operating_hours,
            map_link: mapSearchLink(o.address),
          })),
        };
      },
    );
  };
}
