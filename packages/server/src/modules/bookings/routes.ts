import {
  BOOKINGS_MAX_PAGES,
  BOOKINGS_PAGE_SIZE,
  bookingDetailsQuerySchema,
  bookingDetailsResponseSchema,
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingPaths,
  bookingResponseSchema,
  bookingsByArticleQuerySchema,
  bookingsByArticleResponseSchema,
  coded,
  getByCrnQuerySchema,
  getCityQuerySchema,
  getCityResponseSchema,
} from '@selfserve/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BookingRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findArticle } from '../kb/repo.ts';
import { findOwnBooking, listBookings } from './repo.ts';
import { assertPage, bookingFilterFor, nearestCity, readPageKey, signPageKey, toCustomerBooking } from './service.ts';

const tags = ['bookings'];

const signedIn = { access: 'user' } as const;

export function bookingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;

  /** Whose bookings a user lists: customers their rides, partners the rides they drove. */
  function audienceOf(request: FastifyRequest): { userId: string; audience: BookingRow['audience'] } {
    const user = requireUser(request);
    if (user.role === 'food_delivery_rider') {
      throw new AppError('FORBIDDEN', coded('foodRiderNoBookings'));
    }
    return { userId: user.id, audience: user.role === 'customer' ? 'customer' : 'driver' };
  }

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
      async (request) => {
        const { page_no, page_key } = request.query;
        const { userId, audience } = audienceOf(request);
        assertPage(page_no, page_key);
        const key = page_key
          ? readPageKey(config.sessionSecret, page_key, { user: userId, list: 'list', page: page_no })
          : null;
        const after = key && 't' in key.cursor ? key.cursor : null;
        const rows = await listBookings(db, userId, audience, after, BOOKINGS_PAGE_SIZE + 1);
        const page = rows.slice(0, BOOKINGS_PAGE_SIZE);
        const last = page.at(-1);
        const nextPage = rows.length > BOOKINGS_PAGE_SIZE && page_no < BOOKINGS_MAX_PAGES && last !== undefined;
        return {
          status: 'SUCCESS' as const,
          data: page.map(toCustomerBooking),
          next_page: nextPage,
          page_key: nextPage
            ? signPageKey(config.sessionSecret, {
                user: userId,
                list: 'list',
                page: page_no + 1,
                cursor: { t: last.date_entered_timestamp, i: last.id },
              })
            : null,
        };
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
        const { article_id, page_no, page_key } = request.query;
        const { userId, audience } = audienceOf(request);
        assertPage(page_no, page_key);
        const list = `article:${article_id}`;
        const key = page_key
          ? readPageKey(config.sessionSecret, page_key, { user: userId, list, page: page_no })
          : null;
        const offset = key && 'offset' in key.cursor ? key.cursor.offset : 0;

        const article = await findArticle(db, article_id);
        if (!article) throw new AppError('NOT_FOUND', coded('articleNotFound'));
        const fits = await bookingFilterFor(db, article_id, article.index_name);
        // A user has at most a few hundred bookings; the article's rule is applied in code.
        const all = (await listBookings(db, userId, audience, null, 1000)).filter(fits);
        const page = all.slice(offset, offset + BOOKINGS_PAGE_SIZE);
        const more = all.length > offset + BOOKINGS_PAGE_SIZE && page_no < BOOKINGS_MAX_PAGES;
        return {
          status: 'SUCCESS' as const,
          bookings: page.map(toCustomerBooking),
          page_no,
          page_key: more
            ? signPageKey(config.sessionSecret, {
                user: userId,
                list,
                page: page_no + 1,
                cursor: { offset: offset + BOOKINGS_PAGE_SIZE },
              })
            : null,
        };
      },
    );
  };
}
