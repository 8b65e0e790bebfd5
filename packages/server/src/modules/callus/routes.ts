import {
  callUsContextSchema,
  callUsNumberResponseSchema,
  callUsPaths,
  callUsTokenResponseSchema,
  demoDialSchema,
  ivrRequestSchema,
  ivrResponseSchema,
  TELEPHONY_SECRET_HEADER,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmac } from '../../lib/crypto.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { currentSwitches } from '../settings/service.ts';
import { type CallUsOptions, issueCode, issueToken, verifyCall } from './service.ts';

const tags = ['callus'];

/**
 * Call us with a one-time code (docs/telephony.md "Call us"): the number and the code for the signed-in user, the
 * dial string's token, the provider's IVR webhook (the shared secret, like the lost-item callbacks) and, in demo
 * mode only, the demo phone that dials through that webhook as a provider would.
 */
export function callUsRoutes(deps: AppDeps, opts: Partial<CallUsOptions> = {}): FastifyPluginAsyncZod {
  const { db, config } = deps;
  // Every instance derives the same key from the shared session secret, so any of them verifies any code.
  const options: CallUsOptions = { codeKey: hmac(config.sessionSecret, 'call-us-codes'), ...opts };

  return async (app) => {
    app.post(
      callUsPaths.getCallUsNumber,
      {
        config: { access: 'user' },
        schema: { tags, body: callUsContextSchema, response: { 200: callUsNumberResponseSchema, ...errorResponses } },
      },
      async (request) => {
        if (!(await currentSwitches(deps)).switches.call_us) throw new AppError('NOT_FOUND');
        const issued = await issueCode(db, options, {
          user: requireUser(request),
          entryMode: request.session?.entryMode ?? null,
          context: request.body,
          kind: 'otp',
          log: request.log,
        });
        return {
          status: 'SUCCESS' as const,
          call_us_number: issued.line.number,
          otp: issued.code,
          expires_at: issued.expiresAt,
          country: issued.line.country,
          audience: issued.line.audience,
          city: issued.line.city,
          city_location: issued.cityLocation,
        };
      },
    );

    app.post(
      callUsPaths.callUsToken,
      {
        config: { access: 'user' },
        schema: { tags, body: callUsContextSchema, response: { 200: callUsTokenResponseSchema, ...errorResponses } },
      },
      async (request) => {
        if (!(await currentSwitches(deps)).switches.call_us) throw new AppError('NOT_FOUND');
        const token = await issueToken(db, options, {
          user: requireUser(request),
          entryMode: request.session?.entryMode ?? null,
          context: request.body,
          log: request.log,
        });
        return { status: 'SUCCESS' as const, token: token.token, is_play: token.isPlay, expires_at: token.expiresAt };
      },
    );

    // The provider's webhook: server to server, no cookie and no CSRF token; the shared secret (access hook).
    app.post(
      callUsPaths.ivr,
      {
        config: { access: 'provider' },
        schema: { tags, body: ivrRequestSchema, response: { 200: ivrResponseSchema, ...errorResponses } },
      },
      async (request) => verifyCall(db, options, request.body),
    );

    // Demo mode only: in production this route does not exist (404), like the demo outbox.
    if (!config.demoMode) return;
    app.post(
      callUsPaths.demoDial,
      {
        config: { access: 'visitor' },
        schema: { tags, body: demoDialSchema, response: { 200: ivrResponseSchema, ...errorResponses } },
      },
      async (request) => {
        // Exactly what a provider sends: the same path, body and secret header, so the webhook is what is tried.
        const res = await app.inject({
          method: 'POST',
          url: callUsPaths.ivr,
          payload: request.body,
          headers: { [TELEPHONY_SECRET_HEADER]: config.telephonySecret },
        });
        if (res.statusCode !== 200) {
          request.log.warn({ status: res.statusCode }, 'demo phone: the IVR webhook refused the call');
          throw new AppError('UNAVAILABLE');
        }
        return ivrResponseSchema.parse(res.json());
      },
    );
  };
}
