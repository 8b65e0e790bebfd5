import {
  apiPaths,
  appSessionRequestSchema,
  coded,
  demoAccountsResponseSchema,
  demoLoginRequestSchema,
  type EntryMode,
  entryModeFromQuery,
  errorResponseSchema,
  formatMessage,
  LOGIN_CODE_TTL_SECONDS,
  loginCodeRequestResponseSchema,
  loginCodeRequestSchema,
  loginCodeVerifySchema,
  sessionResponseSchema,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { secureCookies } from '../../lib/reader-language.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findUserByEmail, listDemoAccounts } from '../users/repo.ts';
import { issueLoginCode, loginCodeMail, verifyAppToken, verifyLoginCode } from './service.ts';
import {
  codeSignInAvailable,
  defaultEntryMode,
  readSession,
  rememberEntryLanguage,
  sessionResponse,
} from './session-answer.ts';

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config, sessions, mailer } = deps;
  /** Sign-in endpoints get a per-client limit on top of the per-address code limit. */
  const signInRateLimit = {
    access: 'visitor' as const,
    rateLimit: { max: config.signInRateLimit, timeWindow: '1 minute' },
  };
  const currentSession = readSession(deps);

  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    inApp = false,
    entryMode?: EntryMode,
  ) {
    const csrf = await sessions.start(reply, request, {
      userId: user.id,
      inApp,
      entryMode: entryMode ?? defaultEntryMode(user, inApp, request),
    });
    return sessionResponse(deps, request, csrf);
  }

  return async (app) => {
    app.get(
      apiPaths.session,
      { config: { access: 'visitor' }, schema: { tags: ['auth'], response: { 200: sessionResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return currentSession(request, reply);
      },
    );

    app.get(
      apiPaths.demoAccounts,
      {
        config: { access: 'visitor' },
        schema: { tags: ['auth'], response: { 200: demoAccountsResponseSchema, 404: errorResponseSchema } },
      },
      async () => {
        if (!config.demoMode) throw new AppError('NOT_FOUND', coded('demoLoginDisabled'));
        const rows = await listDemoAccounts(db);
        return {
          status: 'SUCCESS' as const,
          accounts: rows.map((r) => ({
            email: r.email,
            name: r.name,
            role: r.role,
            staff_role: r.staff_role,
            country_code: r.country_code,
            description: r.demo_description ?? '',
          })),
        };
      },
    );

    app.post(
      apiPaths.demoLogin,
      {
        config: signInRateLimit,
        schema: {
          tags: ['auth'],
          body: demoLoginRequestSchema,
          response: { 200: sessionResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!config.demoMode) throw new AppError('NOT_FOUND', coded('demoLoginDisabled'));
        const user = await findUserByEmail(db, request.body.email);
        if (!user?.demo_description) throw new AppError('NOT_FOUND', coded('loginUnknownEmail'));
        return signIn(request, reply, user);
      },
    );

    app.post(
      apiPaths.loginCodeRequest,
      {
        config: signInRateLimit,
        schema: {
          tags: ['auth'],
          body: loginCodeRequestSchema,
          response: { 200: loginCodeRequestResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        // Outside demo mode a code reaches the user only by mail: without SMTP, say so instead of failing silently.
        if (!codeSignInAvailable(deps)) throw new AppError('UNAVAILABLE', coded('codeSignInUnavailable'));
        const { email } = request.body;
        const issued = await issueLoginCode(db, config.sessionSecret, email, config.demoMode);
        if (issued.code && issued.user && !config.demoMode) {
          // Not awaited: a known address must not answer later than an unknown one (no account discovery by
          // timing). The mailer records the message first and logs a delivery failure itself.
          void mailer
            .send({
              to: email,
              subject: formatMessage('mailSignInCodeSubject'),
              text: loginCodeMail(issued.code),
              kind: 'login_code',
              userId: issued.user.id,
            })
            .catch((err: unknown) => request.log.error({ err }, 'sign-in code mail failed'));
        }
        return {
          status: 'SUCCESS' as const,
          expires_in: LOGIN_CODE_TTL_SECONDS,
          ...(config.demoMode && issued.code ? { demo_code: issued.code } : {}),
        };
      },
    );

    app.post(
      apiPaths.loginCodeVerify,
      {
        config: signInRateLimit,
        schema: {
          tags: ['auth'],
          body: loginCodeVerifySchema,
          response: { 200: sessionResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = await verifyLoginCode(db, config.sessionSecret, request.body.email, request.body.code);
        return signIn(request, reply, user);
      },
    );

    app.post(
      apiPaths.appSession,
      {
        // No CSRF token: this call trusts no cookie — its proof is the signed app token, so a forged cross-site
        // request gains nothing.
        config: { ...signInRateLimit, csrf: 'none' },
        schema: {
          tags: ['auth'],
          body: appSessionRequestSchema,
          response: { 200: sessionResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { user, entryMode, language } = await verifyAppToken(
          db,
          { secret: config.appJwtSecret, issuer: config.appJwtIssuer, audience: config.appJwtAudience },
          request.body.token,
        );
        // The app names its mode in the body, the query (`?entry_mode=`, or the spec's `?source=operator_default`)
        // or the token's claims; the token's proof covers all three, as the mode only changes chrome, index and Back.
        const mode =
          request.body.entry_mode ??
          entryModeFromQuery(request.query as Record<string, unknown>, { signed: true }) ??
          entryModeFromQuery(entryMode, { signed: true }) ??
          undefined;
        rememberEntryLanguage(request, reply, language, secureCookies(config, request));
        return signIn(request, reply, user, true, mode);
      },
    );

    app.post(
      apiPaths.logout,
      {
        config: { access: 'visitor' },
        schema: { tags: ['auth'], response: { 200: sessionResponseSchema, 403: errorResponseSchema } },
      },
      async (request, reply) => {
        const csrf = await sessions.end(reply, request);
        return sessionResponse(deps, request, csrf);
      },
    );
  };
}
