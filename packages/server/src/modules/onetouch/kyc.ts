import fastifyMultipart from '@fastify/multipart';
import { coded, KYC_CSRF_FIELD, KYC_FORM_PATH, kycFormSchema, routes, sameSitePath } from '@selfserve/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, safeEqual } from '../../lib/crypto.ts';
import { hasUnstorableText } from '../../plugins/input-guard.ts';

/** Only a path on this site (the contract's one check): never an open redirect to another host. */
export function safeRedirect(target: string): string {
  return sameSitePath(target) ?? routes.home;
}

/**
 * POST /self_serve/do_kyc (guided-flows.md §2, §4): the hidden multipart form of KYC categories and
 * of the wallet refund choice. Records the choice for the signed-in user and sends the browser back
 * to care_redirect_url (303). A form cannot carry our CSRF header, so the token comes in _csrf.
 */
export function kycFormRoute(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // Multipart only in this scope; the form has fields and no files.
    await app.register(fastifyMultipart, { limits: { files: 0, fields: 10, fieldSize: 600, parts: 10 } });

    // A visitor is sent to sign in first (not 401: this is a page navigation), and an HTML form cannot carry our CSRF
    // header, so the route checks the token in its _csrf field itself.
    app.post(
      KYC_FORM_PATH,
      { config: { access: 'visitor', csrf: 'none' }, schema: { hide: true } },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', coded('kycNotMultipart'));
        const fields: Record<string, string> = {};
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field' && typeof part.value === 'string') fields[part.fieldname] = part.value;
          }
        } catch (err) {
          // The plugin's own limits carry their 4xx; busboy's parse errors (no boundary, a cut-off body) carry none
          // and would be a 500: the form is then simply unreadable.
          const status = (err as { statusCode?: number }).statusCode;
          if (status && status >= 400 && status < 500) throw err;
          request.log.info({ err }, 'unreadable KYC form');
          throw new AppError('VALIDATION_FAILED', coded('kycFormIncomplete'));
        }
        if (hasUnstorableText(fields)) throw new AppError('VALIDATION_FAILED', coded('unstorableText'));
        const form = kycFormSchema.safeParse(fields);
        if (!form.success) throw new AppError('VALIDATION_FAILED', coded('kycFormIncomplete'));
        const back = safeRedirect(form.data.care_redirect_url);
        if (!request.session) return reply.redirect(`${routes.login}?return=${encodeURIComponent(back)}`, 303);
        const expected = deps.sessions.csrfTokenFor(request.csrfBinding ?? '');
        if (!safeEqual(fields[KYC_CSRF_FIELD] ?? '', expected)) throw new AppError('CSRF_MISSING');
        await deps.db
          .insertInto('kyc_choices')
          .values({
            id: newId('kyc'),
            user_id: request.session.userId,
            crn: form.data.cnl || null,
            article_id: form.data.nav || null,
            banner: form.data.banner,
            landing: form.data.landing,
            source: form.data.source,
            created_at: new Date().toISOString(),
          })
          .execute();
        return reply.redirect(back, 303);
      },
    );
  };
}
