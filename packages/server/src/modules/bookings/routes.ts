import {
  bookingDetailsQuerySchema,
  bookingDetailsResponseSchema,
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingPaths,
  bookingResponseSchema,
  bookingsByArticleQuerySchema,
  bookingsByArticleResponseSchema,
  bookingsByTypeQuerySchema,
  bookingsByTypeResponseSchema,
  coded,
  getByCrnQuerySchema,
  getCityQuerySchema,
  getCityResponseSchema,
} from '@selfserve/contract';
import { type FastifyPluginAsyncZod, ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { writerOf } from '../../plugins/serializer.ts';
import { findOwnBooking } from './repo.ts';
import { bookingAudience, bookingListPage, bookingsByArticlePage, nearestCity, toCustomerBooking } from './service.ts';

const tags = ['bookings'];

const signedIn = { access: 'user' } as const;

/** Where the list's entries go in its answer (`status` comes first, a literal: nothing before can hold this text). */
const DATA_KEY = '"data":';
const EMPTY_DATA = `${DATA_KEY}[]`;

export function bookingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, dialect, config } = deps;
  // Answers are checked against their schemas in tests, as plugins/serializer.ts does (app.ts registerSerializer).
  const validateAnswers = config.env === 'test';
  const writeList = writerOf(bookingListResponseSchema);

  return async (app) => {
    app.get(
      bookingPaths.list,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: bookingListQuerySchema,
          response: { 200: bookingListResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const who = bookingAudience(requireUser(request));
        const page = await bookingListPage(db, dialect, config.sessionSecret, who, request.query);
        // The answer around the entries, by the schema's own serialiser; the entries (already JSON) go in its place.
        const around = writeList({
          status: 'SUCCESS',
          data: [],
          next_page: page.pageKey !== null,
          page_key: page.pageKey,
        });
        const at = around.indexOf(EMPTY_DATA);
        const body = `${around.slice(0, at + DATA_KEY.length)}${page.data}${around.slice(at + EMPTY_DATA.length)}`;
        if (validateAnswers) {
          const checked = bookingListResponseSchema.safeParse(JSON.parse(body));
          if (!checked.success)
            throw new ResponseSerializationError('GET', bookingPaths.list, { cause: checked.error });
        }
        // (The type provider types send() by the response schema, which the text is written by.)
        return reply
          .type('application/json; charset=utf-8')
          .send(body as unknown as z.infer<typeof bookingListResponseSchema>);
      },
    );

    app.get(
      bookingPaths.getByCrn,
      {
        config: signedIn,
        schema: { tags, querystring: getByCrnQuerySchema, response: { 200: bookingResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const booking = await findOwnBooking(db, userId, { crn: request.query.ref_no, brand: request.query.brand });
        if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        return { status: 'SUCCESS' as const, data: toCustomerBooking(booking) };
      },
    );

    app.get(
      bookingPaths.details,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: bookingDetailsQuerySchema,
          response: { 200: bookingDetailsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const b = await findOwnBooking(db, userId, { id: request.query.id, brand: request.query.brand });
        if (!b) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        return {
          status: 'SUCCESS' as const,
          stop_at: b.stop_at,
          driver_phone: b.driver_phone,
          imei: b.imei,
          cash_involved: b.cash_involved === 1,
          city: b.city,
          data: toCustomerBooking(b),
        };
      },
    );

    app.get(
      bookingPaths.getCity,
      {
        // A place name for coordinates, nobody's data: the std-code footer shows it to visitors too.
        config: { access: 'visitor' },
        schema: { tags, querystring: getCityQuerySchema, response: { 200: getCityResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const city = await nearestCity(db, request.query);
        return { status: 'SUCCESS' as const, city: city.name, std_code: city.std_code, cc_number: city.cc_number };
      },
    );

    // core.md §7 names this call's answer: data, next_page, page_key (docs/bookings.md).
    app.get(
      bookingPaths.byArticle,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: bookingsByArticleQuerySchema,
          response: { 200: bookingsByArticleResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const who = bookingAudience(requireUser(request));
        const page = await bookingsByArticlePage(db, config.sessionSecret, who, request.query);
        return {
          status: 'SUCCESS' as const,
          data: page.bookings,
          next_page: page.pageKey !== null,
          page_key: page.pageKey,
        };
      },
    );

    // guided-flows.md §7 names the bookings-by-type answer: status, bookings, page_no, page_key (docs/bookings.md).
    app.get(
      bookingPaths.byType,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: bookingsByTypeQuerySchema,
          response: { 200: bookingsByTypeResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const who = bookingAudience(requireUser(request));
        const page = await bookingsByArticlePage(db, config.sessionSecret, who, request.query);
        return { status: 'SUCCESS' as const, bookings: page.bookings, page_no: page.pageNo, page_key: page.pageKey };
      },
    );
  };
}
