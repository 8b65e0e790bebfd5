import {
  apiPaths,
  COUNTRIES_MAX_AGE_SECONDS,
  coded,
  countryListResponseSchema,
  countryPaths,
  errorResponseSchema,
  messages,
  preferredLanguageResponseSchema,
  resolveLocale,
  selectDetailsSchema,
  updatePreferredLanguageBodySchema,
  updatePreferredLanguageResponseSchema,
  userInfoSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { readerLanguage, rememberLanguage, secureCookies } from '../../lib/reader-language.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findUserById, updateUserLocale } from './repo.ts';
import { countryList, languageOptions, loadProfile, loadSelectDetails } from './service.ts';

export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.userInfo,
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: userInfoSchema, 401: errorResponseSchema } },
      },
      async (request) => {
        return (await loadProfile(deps.db, requireUser(request).id, request.log)).info;
      },
    );

    app.get(
      apiPaths.selectDetails,
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          response: { 200: selectDetailsSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const profile = await loadProfile(deps.db, requireUser(request).id, request.log);
        return loadSelectDetails(deps.db, profile);
      },
    );

    // The reader's language (lib/reader-language.ts) and the languages on offer (core.md §7, docs/localisation-api.md).
    app.get(
      apiPaths.preferredLanguage,
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: preferredLanguageResponseSchema, 401: errorResponseSchema } },
      },
      async (request, reply) => {
        const user = await findUserById(deps.db, requireUser(request).id);
        if (!user) throw new AppError('UNAUTHORIZED');
        reply.header('cache-control', 'no-store');
        return {
          status: 'SUCCESS' as const,
          language: readerLanguage(request, user),
          list_of_languages: languageOptions,
        };
      },
    );

    // A picked language becomes the profile's (users.locale, a driver's app language too) and the ss_lang cookie.
    app.post(
      apiPaths.updatePreferredLanguage,
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          body: updatePreferredLanguageBodySchema,
          response: { 200: updatePreferredLanguageResponseSchema, ...errorResponses },
        },
        // A body that names no language we serve answers the catalogue's own code, so the picker can say which
        // rule failed (every other error goes on to the app's handler).
        errorHandler: (err, _request, _reply) => {
          if (!hasZodFastifySchemaValidationErrors(err)) throw err;
          throw new AppError('VALIDATION_FAILED', coded('unsupportedLanguage'), {
            language: messages.unsupportedLanguage,
          });
        },
      },
      async (request, reply) => {
        const language = resolveLocale(request.body.language);
        await updateUserLocale(deps.db, requireUser(request).id, language);
        rememberLanguage(request, reply, language, secureCookies(deps.config, request));
        return { status: 'SUCCESS' as const, language };
      },
    );

    // The country list (core.md §3) for the forms that ask for a dialing code: anyone's, the same for everyone, and
    // changed only by a release, so browsers and shared caches keep it a day and revalidate by its ETag.
    app.get(
      countryPaths.list,
      {
        config: { access: 'visitor' },
        schema: { tags: ['users'], response: { 200: countryListResponseSchema, 304: z.undefined() } },
      },
      async (request, reply) => {
        const list = countryList();
        reply.header('cache-control', `public, max-age=${COUNTRIES_MAX_AGE_SECONDS}`).header('etag', list.etag);
        if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
        return list.body;
      },
    );
  };
}
