// Our own chat's calls (issue 17 item 6; docs/chat-conversations.md): the /chatbot hand-off form, the page's start,
// the history and HTTP send (fallback and catch-up), and the live WebSocket.
import {
  CHAT_CLOSE,
  CHAT_PAGE_SIZE,
  CHAT_ROUTE,
  type ChatServerFrame,
  chatClientFrameSchema,
  chatHandoffFieldsSchema,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatPaths,
  chatSendRequestSchema,
  chatSendResponseSchema,
  chatStartRequestSchema,
  chatStartResponseSchema,
  coded,
  resolveLocale,
  type SupportedLocale,
  siteCountry,
  VISITOR_COOKIE,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { channels } from '../../lib/bus.ts';
import { randomToken, safeEqual } from '../../lib/crypto.ts';
import { keepAlive } from '../../lib/socket-heartbeat.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { hasUnstorableText } from '../../plugins/input-guard.ts';
import { entryModeOf } from '../auth/entry-mode.ts';
import { kbViewerOf } from '../kb/service.ts';
import { findUserById } from '../users/repo.ts';
import { liveChatLookup } from './availability.ts';
import { findUserBooking } from './repo.ts';
import { type ChatContext, type ChatOwner, ChatRefusal, chatService, ownerOf, toConversation } from './service.ts';

const tags = ['chat'];
const FORM_BODY_LIMIT = 32 * 1024;

/** A refusal as the API's one error shape, with its catalogue message (the page shows it in the reader's language). */
function refusalError(r: ChatRefusal): AppError {
  return new AppError(r.http === 429 ? 'TOO_MANY_REQUESTS' : r.http === 404 ? 'NOT_FOUND' : 'CONFLICT', coded(r.code));
}

const parseJsonObject = (raw: string): Record<string, unknown> => {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 64) : undefined);

export function chatRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const liveChat = liveChatLookup(deps);

  return async (app) => {
    const service = chatService(deps, liveChat, app.log);

    /** Whose chat this request is: the signed-in user, else the visitor cookie (made when missing and `make`). */
    async function ownerFor(request: FastifyRequest, reply: FastifyReply | null): Promise<ChatOwner | null> {
      const user = request.session ? await findUserById(db, request.session.userId) : undefined;
      let visitor = request.cookies[VISITOR_COOKIE];
      if (!user && !visitor && reply) visitor = deps.sessions.ensureVisitor(reply, request);
      return ownerOf(deps.config.sessionSecret, user ?? null, visitor);
    }

    const viewerOf = (request: FastifyRequest) =>
      kbViewerOf(
        db,
        request.session,
        request.log,
        siteCountry(request.hostname, deps.config.ukHostMarker),
        entryModeOf(request),
        request,
      );

    /** The context of a new or resumed conversation: the person's own booking (never trusted from the client). */
    async function contextFor(
      request: FastifyRequest,
      owner: ChatOwner,
      asked: { crn?: string; article_id?: string; brand?: string },
    ): Promise<ChatContext> {
      const user = owner.userId ? await findUserById(db, owner.userId) : undefined;
      const booking = user && asked.crn ? await findUserBooking(db, user.id, asked.crn) : undefined;
      return {
        country: booking?.country ?? user?.country_code ?? siteCountry(request.hostname, deps.config.ukHostMarker),
        city: booking?.city ?? user?.city ?? undefined,
        car_category: booking?.cab_category ?? undefined,
        booking_id: booking?.id,
        crn: booking?.crn,
        article_id: asked.article_id,
        brand: asked.brand,
      };
    }

    // The hand-off posts an HTML form: urlencoded fields, read only in this scope.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    // POST /api/chat/v1/handoff: the /chatbot page's form (core.md §7), when no external CHAT_HANDOFF_URL is set.
    // A form cannot carry our CSRF header, so the token comes in its csrf_token field and is checked here.
    app.post(
      chatPaths.handoff,
      { config: { access: 'visitor', csrf: 'none' }, schema: { hide: true } },
      async (request, reply) => {
        const raw = request.body;
        if (typeof raw !== 'object' || raw === null) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        }
        const fields = raw as Record<string, string>;
        const expected = request.csrfBinding ? deps.sessions.csrfTokenFor(request.csrfBinding) : null;
        if (!expected || !safeEqual(String(fields.csrf_token ?? ''), expected)) throw new AppError('CSRF_MISSING');
        if (hasUnstorableText(fields)) throw new AppError('VALIDATION_FAILED');
        const form = chatHandoffFieldsSchema.safeParse(fields);
        if (!form.success) throw new AppError('VALIDATION_FAILED');
        const owner = await ownerFor(request, reply);
        if (!owner) throw new AppError('UNAUTHORIZED');
        const booking = parseJsonObject(form.data.booking);
        const extra = parseJsonObject(form.data.extra);
        const kv = await viewerOf(request);
        const context = await contextFor(request, owner, {
          crn: str(form.data.crn) ?? str(booking.crn) ?? str(booking.id),
          article_id: str(extra.article_id),
          brand: str(form.data.brand),
        });
        const locale: SupportedLocale = form.data.locale ? resolveLocale(form.data.locale) : kv.language;
        const conversation = await service.open(owner, { locale, context: { ...context, opened_by: 'handoff' } });
        // 'live': the person asked for a person straight away.
        if (form.data.action === 'live') {
          await service.send(owner, conversation, { client_id: `handoff-${conversation.id}`, action: 'person' }, kv);
        }
        return reply.redirect(CHAT_ROUTE, 303);
      },
    );

    app.post(
      chatPaths.start,
      {
        config: { access: 'visitor' },
        schema: { tags, body: chatStartRequestSchema, response: { 200: chatStartResponseSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const owner = await ownerFor(request, reply);
        if (!owner) throw new AppError('UNAUTHORIZED');
        const kv = await viewerOf(request);
        const context = await contextFor(request, owner, request.body);
        const conversation = await service.open(owner, {
          locale: kv.language,
          context: { ...context, opened_by: 'page' },
          ...(request.body.fresh ? { fresh: true } : {}),
        });
        return {
          status: 'SUCCESS' as const,
          conversation: toConversation(conversation),
          messages: await service.history(conversation.id, 0),
        };
      },
    );

    app.get(
      chatPaths.messages,
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          querystring: chatMessagesQuerySchema,
          response: { 200: chatMessagesResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const owner = await ownerFor(request, null);
        if (!owner) throw new AppError('UNAUTHORIZED');
        const conversation = await service.find(owner, request.query.conversation_id);
        if (!conversation) throw refusalError(new ChatRefusal('chatNotFound', 404));
        return {
          status: 'SUCCESS' as const,
          conversation: toConversation(conversation),
          messages: await service.history(conversation.id, request.query.after_seq),
        };
      },
    );

    app.post(
      chatPaths.messages,
      {
        config: { access: 'visitor' },
        schema: { tags, body: chatSendRequestSchema, response: { 200: chatSendResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const owner = await ownerFor(request, null);
        if (!owner) throw new AppError('UNAUTHORIZED');
        const conversation = await service.find(owner, request.body.conversation_id);
        if (!conversation) throw refusalError(new ChatRefusal('chatNotFound', 404));
        try {
          const message = await service.send(owner, conversation, request.body, await viewerOf(request));
          return { status: 'SUCCESS' as const, message };
        } catch (err) {
          if (err instanceof ChatRefusal) throw refusalError(err);
          throw err;
        }
      },
    );

    // @fastify/websocket is registered once for the whole app (app.ts): the rider's chat and the agent console share it.

    /** What the upgrade's checks found, handed to the socket's handler. */
    const accepted = new WeakMap<FastifyRequest, { owner: ChatOwner; conversationId: string }>();

    app.route({
      method: 'GET',
      url: chatPaths.ws,
      config: { access: 'visitor' },
      schema: { hide: true, querystring: chatMessagesQuerySchema.pick({ conversation_id: true }) },
      // Before the upgrade: a page of this site only (a socket carries cookies, so another site's page must not
      // open one as the person), and a person with a conversation (the session, else the visitor cookie).
      preValidation: async (request) => {
        if (!sameOrigin(request, deps.config.publicUrl)) throw new AppError('FORBIDDEN');
        const owner = await ownerFor(request, null);
        if (!owner) throw new AppError('UNAUTHORIZED');
        const query = request.query as { conversation_id?: string };
        const conversation = await service.find(owner, query.conversation_id);
        if (!conversation) throw refusalError(new ChatRefusal('chatNotFound', 404));
        accepted.set(request, { owner, conversationId: conversation.id });
      },
      // A plain GET (no upgrade) is not a page: the API's not-found answer.
      handler: async () => {
        throw new AppError('NOT_FOUND');
      },
      wsHandler: (socket, request) => {
        const found = accepted.get(request);
        if (!found) {
          socket.close(CHAT_CLOSE.policy, 'refused');
          return;
        }
        void serveSocket(socket, request, found.owner, found.conversationId);
      },
    });

    async function serveSocket(socket: WebSocket, request: FastifyRequest, owner: ChatOwner, conversationId: string) {
      const socketId = randomToken(9);
      const send = (frame: ChatServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      // Frames that arrive while the subscription is being made wait for it (nothing is lost on a slow Redis).
      let ready: () => void = () => {};
      const subscribed = new Promise<void>((resolve) => {
        ready = resolve;
      });
      let unsubscribe: (() => Promise<void>) | null = null;
      const heartbeat = keepAlive(socket);
      socket.on('close', () => {
        heartbeat.stop();
        void unsubscribe?.();
      });

      const kvPromise = viewerOf(request);
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        heartbeat.heard();
        void (async () => {
          await subscribed;
          if (isBinary) {
            send({ type: 'error', ...coded('chatUnreadable') });
            return;
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(data.toString('utf8'));
          } catch {
            send({ type: 'error', ...coded('chatUnreadable') });
            return;
          }
          const frame = chatClientFrameSchema.safeParse(parsed);
          if (!frame.success) {
            const clientId = (parsed as { client_id?: unknown })?.client_id;
            const tooLong = frame.error.issues.some((i) => i.code === 'too_big');
            send({
              type: 'error',
              ...coded(tooLong ? 'chatMessageTooLong' : 'chatUnreadable'),
              ...(typeof clientId === 'string' ? { client_id: clientId.slice(0, 64) } : {}),
            });
            return;
          }
          const f = frame.data;
          try {
            if (f.type === 'ping') send({ type: 'pong' });
            else if (f.type === 'typing') await service.typing(conversationId, 'user', socketId);
            else if (f.type === 'resume') {
              const conversation = await service.find(owner, conversationId);
              if (conversation) send({ type: 'status', conversation: toConversation(conversation) });
              // Everything after what the page has, in pages, so a long absence comes back whole.
              let after = f.after_seq;
              for (;;) {
                const missed = await service.history(conversationId, after);
                for (const message of missed) send({ type: 'message', message });
                if (missed.length === 0 || socket.readyState !== socket.OPEN) break;
                after = missed[missed.length - 1]?.seq ?? after;
                if (missed.length < CHAT_PAGE_SIZE) break;
              }
            } else {
              if (hasUnstorableText({ body: 'body' in f ? f.body : '' })) {
                send({ type: 'error', ...coded('chatUnreadable'), client_id: f.client_id });
                return;
              }
              const conversation = await service.find(owner, conversationId);
              if (!conversation) return;
              const input =
                f.type === 'message'
                  ? { client_id: f.client_id, body: f.body }
                  : { client_id: f.client_id, action: f.action };
              // The stored message comes back to every socket through the bus; this one also gets it directly, so
              // a resend of a message stored before (not published again) is still acknowledged.
              const message = await service.send(owner, conversation, input, await kvPromise);
              send({ type: 'message', message });
            }
          } catch (err) {
            if (err instanceof ChatRefusal) {
              const said = refusalError(err).said;
              send({
                type: 'error',
                code: said.code,
                message: said.message,
                ...('client_id' in f ? { client_id: f.client_id } : {}),
              });
              return;
            }
            request.log.error({ err }, 'chat: frame failed');
            send({ type: 'error', ...coded('genericFailure') });
          }
        })();
      });

      try {
        unsubscribe = await deps.bus.subscribe(channels.conversation(conversationId), (event) => {
          const e = event as { type?: string; author?: string; from?: string };
          // The person's own typing is for the other side (an agent), never echoed to the person.
          if (e.type === 'typing' && (e.author === 'user' || e.from === socketId)) return;
          if (e.type === 'message' || e.type === 'typing' || e.type === 'status') send(event as ChatServerFrame);
        });
        if (socket.readyState !== socket.OPEN) {
          await unsubscribe();
          return;
        }
      } catch (err) {
        request.log.error({ err }, 'chat: subscribe failed');
        socket.close(1011, 'unavailable');
        return;
      } finally {
        ready();
      }
      const conversation = await service.find(owner, conversationId);
      if (conversation) send({ type: 'ready', conversation: toConversation(conversation) });
    }
  };
}

/** The socket's page is this site: its Origin names the host the request came to (or PUBLIC_URL). */
export function sameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && url.origin === new URL(publicUrl).origin) return true;
  // The Host header may name a default port the Origin leaves out (example.com:443): compare them as URLs.
  try {
    return url.host === new URL(`${url.protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}
