import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { apiPaths, CHAT_MAX_FRAME_BYTES, isAppRoute, type SessionResponse } from '@selfserve/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { type AdapterOverrides, buildDeps } from './deps.ts';
import { newRedis } from './lib/redis-client.ts';
import { agentRoutes } from './modules/agent/routes.ts';
import { agentChatRoutes } from './modules/agent-chat/routes.ts';
import { agentTicketRoutes } from './modules/agent-tickets/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { readSession } from './modules/auth/session-answer.ts';
import { belongingsRoutes } from './modules/belongings/routes.ts';
import { bookingsRoutes } from './modules/bookings/routes.ts';
import { cabAttachmentRoutes } from './modules/cab-attachment/routes.ts';
import { callRoutes } from './modules/calls/routes.ts';
import { callUsRoutes } from './modules/callus/routes.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { chatAvailabilityRoutes } from './modules/chat/availability-routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { driverArticleRoutes } from './modules/driver/articles-routes.ts';
import { driverEarningsRoutes } from './modules/driver/earnings-routes.ts';
import { recompleteRoutes } from './modules/driver/recomplete-routes.ts';
import { driverRoutes } from './modules/driver/routes.ts';
import { driverCallRoutes } from './modules/driver-calls/routes.ts';
import { flowRoutes } from './modules/flows/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { kbRoutes } from './modules/kb/routes.ts';
import { localisationRoutes } from './modules/localisation/routes.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { kycFormRoute } from './modules/onetouch/kyc.ts';
import { oneTouchRoutes } from './modules/onetouch/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import { ticketsRoutes } from './modules/tickets/routes.ts';
import { uploadsRoutes } from './modules/uploads/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { API_PREFIXES, registerAccess } from './plugins/access.ts';
import { registerErrorHandler, sendError } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { loggerOptions, registerRequestLogging, requestIdOptions } from './plugins/logging.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerPressure } from './plugins/pressure.ts';
import { cspReportRoutes, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSerializer } from './plugins/serializer.ts';
import { registerSession } from './plugins/session.ts';
import { databaseSessionStore, redisSessionStore } from './plugins/session-store.ts';
import { compressedPage, loadServerRenderer, type ServerRenderer } from './ssr/render-page.ts';

/** Builds the whole app without listening: main.ts listens, tests call inject(). */
export async function buildApp(
  config: AppConfig,
  database: DatabaseHandle,
  adapters: AdapterOverrides = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines with request ids, secrets redacted, e-mails, phones and card numbers masked (plugins/logging.ts).
    logger: loggerOptions(config, adapters.logStream),
    ...requestIdOptions,
    // Only the configured proxies may name the client (X-Forwarded-For); never every header (docs/security.md).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole in time: slow-body and slow-header clients are cut off instead of holding
    // sockets. Node checks the deadlines on an interval, so it runs often enough to keep them.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.ceil(config.headersTimeoutMs / 2)),
    },
    // Idle keep-alive sockets close at shutdown; requests in flight are allowed to finish.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  // A cap on open sockets per instance, so a flood of slow clients cannot take every file descriptor.
  app.server.maxConnections = config.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  // Answers written by schemas compiled once (fast-json-stringify); zod still checks each answer in tests.
  registerSerializer(app, { validate: config.env === 'test' });
  registerErrorHandler(app);
  // First, so every request is counted and carries its id, whatever a later hook answers (docs/operations.md).
  registerRequestLogging(app);
  registerMetrics(app, config, database);

  const redis = config.redisUrl ? newRedis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  // ioredis reconnects by itself; its errors go to the log (and /api/ready reports the outage), not to stderr.
  redis?.on('error', (err) => app.log.warn({ err }, 'redis connection error'));
  app.addHook('onClose', async () => {
    await redis?.quit();
  });

  registerSecurityHeaders(app, config);
  // After the headers, so an overload 503 carries them too.
  await registerPressure(app, config.pressure);
  registerInputGuard(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'selfserve:ratelimit:' } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Selfserve API', description: 'Self-service help centre API (spec core.md §7)', version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: apiPaths.docs });

  const sessions = registerSession(app, config, redis ? redisSessionStore(redis) : databaseSessionStore(database.db));
  // Who may call each route, before its input is read (docs/auth.md); the CSRF check with it.
  registerAccess(app, {
    db: database.db,
    config,
    docsPrefix: apiPaths.docs,
    csrfTokenFor: sessions.csrfTokenFor,
  });
  const deps = buildDeps(app, config, database, sessions, adapters);

  await app.register(healthRoutes(deps, { redis }));
  await app.register(authRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(localisationRoutes(deps));
  await app.register(telemetryRoutes(deps));
  await app.register(cspReportRoutes());
  await app.register(kbRoutes(deps));
  await app.register(bookingsRoutes(deps));
  await app.register(ordersRoutes(deps));
  await app.register(uploadsRoutes(deps));
  await app.register(mailRoutes(deps));
  await app.register(ticketsRoutes(deps));
  await app.register(captchaRoutes(deps));
  await app.register(chatAvailabilityRoutes(deps));
  await app.register(oneTouchRoutes(deps));
  await app.register(flowRoutes(deps));
  await app.register(cabAttachmentRoutes(deps));
  await app.register(driverCallRoutes(deps));
  await app.register(kycFormRoute(deps));
  await app.register(belongingsRoutes(deps));
  await app.register(callRoutes(deps));
  await app.register(driverRoutes(deps));
  await app.register(recompleteRoutes(deps));
  await app.register(driverArticleRoutes(deps));
  await app.register(driverEarningsRoutes(deps));
  // One WebSocket server for the app: the rider's chat and the agent console share it (docs/agent.md "Live chat").
  await app.register(fastifyWebsocket, { options: { maxPayload: CHAT_MAX_FRAME_BYTES } });
  await app.register(chatRoutes(deps));
  await app.register(callUsRoutes(deps));
  await app.register(privacyRoutes(deps, { redis }));
  await app.register(agentRoutes(deps));
  await app.register(agentTicketRoutes(deps));
  await app.register(agentChatRoutes(deps));
  await app.register(settingsRoutes(deps));

  // Public pages render on the server when the web's SSR build is there (docs/ssr.md).
  const ssr = await loadServerRenderer({
    app,
    staticDir: config.staticDir,
    db: deps.db,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  registerSpa(app, config.staticDir, readSession(deps), ssr);
  return app;
}

/** The element the web app reads its first session from (packages/web/src/features/auth/api/get-session.ts). */
const BOOT_SESSION_ID = 'boot-session';
const ROOT_ELEMENT = '<div id="root"></div>';

/** index.html with the session written in as JSON (`<` escaped, so no text in it can close the element). */
function pageWithSession(template: string, session: SessionResponse): string {
  const json = JSON.stringify(session).replace(/</g, '\\u003c');
  return template.replace(
    ROOT_ELEMENT,
    `${ROOT_ELEMENT}<script type="application/json" id="${BOOT_SESSION_ID}">${json}</script>`,
  );
}

/**
 * Serves the built web app; any other GET that is not an API path gets index.html so that
 * client routes (/home, /bdetails/123 …) load on a refresh, with status 404 when the path is none of the app's pages. That page carries the session, which saves the
 * first page a round trip (DESIGN.md: data the first page needs may be inlined).
 */
function registerSpa(
  app: FastifyInstance,
  staticDir: string,
  currentSession: (request: FastifyRequest, reply: FastifyReply) => Promise<SessionResponse>,
  ssr: ServerRenderer | null = null,
): void {
  const indexFile = path.join(staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  const template = hasSpa ? fs.readFileSync(indexFile, 'utf8') : '';
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies (packages/web/scripts/compress.mjs): sent as the browser accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // A cache must keep the brotli, gzip and plain copies apart.
        res.setHeader('vary', 'accept-encoding');
        // Vite's hashed assets never change; index.html must always be revalidated.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    // A path with a file extension is a missing asset, not a client route.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(url);
    // HEAD too: the page's status and headers (curl -sI, monitors); Node sends no body for it.
    if ((request.method === 'GET' || request.method === 'HEAD') && hasSpa && !isApi && !looksLikeFile) {
      const session = await currentSession(request, reply);
      // A public page comes rendered, with its data (docs/ssr.md); any other page, or a render that failed, is the SPA.
      const rendered = ssr?.handles(url) ? await ssr.render(request, session, template) : null;
      if (rendered) {
        const { body, encoding } = compressedPage(request.headers['accept-encoding'], rendered.html);
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .code(rendered.status)
          .header('vary', 'accept-encoding')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(body);
      }
      const page = pageWithSession(template, session);
      // A path that is none of the app's pages (contract appRoutePatterns) still gets the app, which shows its
      // not-found page, but with the status that says so (issue 14): crawlers and monitors see a 404.
      if (!isAppRoute(url)) reply.code(404);
      // The page carries this visitor's session: never stored by a shared cache.
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    }
    return sendError(reply, 'NOT_FOUND');
  });
}
