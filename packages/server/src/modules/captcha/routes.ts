import { captchaPaths } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { createCaptchaChallenge } from './service.ts';

/** The captcha widget's challenge (docs/captcha.md); the answer is checked by the form's own route (requireCaptcha). */
export function captchaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      captchaPaths.challenge,
      // Anyone may ask (the forms are for visitors); a challenge costs the server one hash and an HMAC.
      { config: { access: 'visitor', rateLimit: { max: 120, timeWindow: '1 minute' } }, schema: { tags: ['captcha'] } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return createCaptchaChallenge(deps.config);
      },
    );
  };
}
