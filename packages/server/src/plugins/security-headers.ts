import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * The security headers of every answer — pages, API, static files, uploads (docs/security.md). The app runs no
 * inline script (the page's boot data is a JSON block, which CSP does not execute), so scripts come from 'self'
 * only; nonces are for the day the server writes inline script. Inline styles stay allowed: sanitised article HTML
 * keeps style attributes. The app may be framed only by FRAME_ANCESTORS (the provider's pages for share-pass
 * popups); none by default.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const frameAncestors = config.frameAncestors.length > 0 ? config.frameAncestors : ["'none'"];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        // The /chatbot page posts its hand-off form to CHAT_HANDOFF_URL when one is set (docs/chat.md).
        formAction: ["'self'", ...(config.chatHandoffUrl ? [new URL(config.chatHandoffUrl).origin] : [])],
        frameAncestors,
      },
    },
    // Old browsers read X-Frame-Options only: deny there unless some origin may frame us (then CSP decides).
    xFrameOptions: config.frameAncestors.length > 0 ? false : { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Set below, and only over TLS: on plain HTTP it means nothing and would pin a local demo to HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
