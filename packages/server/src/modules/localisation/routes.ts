import {
  apiPaths,
  coded,
  LOCALISED_STRINGS_MAX_AGE_SECONDS,
  localisedStringsQuerySchema,
  localisedStringsResponseSchema,
  messages,
  resolveLocale,
} from '@selfserve/contract';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { localisedStrings } from './service.ts';

export function localisationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The flat catalogue of a locale (mr, bn, pa → hi; anything else → en), the same for everyone and changed only
    // by a release: browsers and shared caches keep it an hour and revalidate by its ETag.
    app.get(
      apiPaths.localisedStrings,
      {
        config: { access: 'visitor' },
        schema: {
          tags: ['localisation'],
          querystring: localisedStringsQuerySchema,
          response: { 200: localisedStringsResponseSchema, 304: z.undefined(), ...errorResponses },
        },
        // An unknown source answers the catalogue's own code (any other problem goes on to the app's handler).
        errorHandler: (err) => {
          if (hasZodFastifySchemaValidationErrors(err) && err.validation.some((v) => v.instancePath === '/source')) {
            throw new AppError('VALIDATION_FAILED', coded('unknownLocalisationSource'), {
              source: messages.unknownLocalisationSource,
            });
          }
          throw err;
        },
      },
      async (request, reply) => {
        const { locale, source } = request.query;
        const served = localisedStrings(deps.config.localesDir, resolveLocale(locale), source, request.log);
        reply
          .header('cache-control', `public, max-age=${LOCALISED_STRINGS_MAX_AGE_SECONDS}`)
          .header('etag', served.etag);
        if (request.headers['if-none-match'] === served.etag) return reply.code(304).send();
        return served.body;
      },
    );
  };
}
