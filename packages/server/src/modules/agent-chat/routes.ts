import {
  type AgentServerFrame,
  agentChatActionResponseSchema,
  agentChatDetailSchema,
  agentChatEndSchema,
  agentChatIdParamsSchema,
  agentChatPaths,
  agentChatSendResponseSchema,
  agentChatSendSchema,
  agentChatsResponseSchema,
  agentChatTransferSchema,
  agentClientFrameSchema,
  agentPresenceRequestSchema,
  agentPresenceResponseSchema,
  availableAgentsResponseSchema,
  type ChatMessage,
  coded,
} from '@selfserve/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { channels } from '../../lib/bus.ts';
import { randomToken } from '../../lib/crypto.ts';
import { keepAlive } from '../../lib/socket-heartbeat.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { coversCountry, requireStaff, type StaffUser } from '../agent/staff.ts';
import { liveChatLookup } from '../chat/availability.ts';
import { findConversation } from '../chat/repo.ts';
import { sameOrigin } from '../chat/routes.ts';
import { chatService, contextOf } from '../chat/service.ts';
import { type AgentsEvent, agentChatService } from './service.ts';

const tags = ['agent'];
/** Conversations one console may follow at once on its socket (an agent has a handful open). */
const MAX_WATCHED = 50;

/** The agents' live chat calls and the console's WebSocket (docs/agent.md "Live chat"); access 'agent'. */
export function agentChatRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const chat = chatService(deps, liveChatLookup(deps), app.log);
    const service = agentChatService(deps, chat);
    const agent = { config: { access: 'agent' as const } };

    app.get(
      agentChatPaths.presence,
      { ...agent, schema: { tags, response: { 200: agentPresenceResponseSchema, ...errorResponses } } },
      async (request) => service.presence(requireStaff(request)),
    );

    app.put(
      agentChatPaths.presence,
      {
        ...agent,
        schema: {
          tags,
          body: agentPresenceRequestSchema,
          response: { 200: agentPresenceResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.setPresence(requireStaff(request), request.body.available),
    );

    app.get(
      agentChatPaths.chats,
      { ...agent, schema: { tags, response: { 200: agentChatsResponseSchema, ...errorResponses } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'SUCCESS' as const, chats: await service.list(requireStaff(request)) };
      },
    );

    app.get(
      agentChatPaths.chat,
      {
        ...agent,
        schema: { tags, params: agentChatIdParamsSchema, response: { 200: agentChatDetailSchema, ...errorResponses } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.detail(requireStaff(request), request.params.id);
      },
    );

    app.get(
      agentChatPaths.agents,
      {
        ...agent,
        schema: {
          tags,
          querystring: agentChatIdParamsSchema.partial(),
          response: { 200: availableAgentsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const staff = requireStaff(request);
        let country: string | null = null;
        if (request.query.id) {
          const row = await findConversation(deps.db, request.query.id);
          country = row ? (contextOf(row).country ?? null) : null;
          if (!row || !coversCountry(staff, country)) throw new AppError('NOT_FOUND');
        } else if (staff.staff_role !== 'admin') {
          country = staff.country_code;
        }
        const agents = (await service.availableFor(staff, country)).filter((a) => a.id !== staff.id);
        return { status: 'SUCCESS' as const, agents };
      },
    );

    app.post(
      agentChatPaths.messages,
      {
        ...agent,
        schema: {
          tags,
          params: agentChatIdParamsSchema,
          body: agentChatSendSchema,
          response: { 200: agentChatSendResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const message = await service.send(requireStaff(request), request.params.id, request.body);
        return { status: 'SUCCESS' as const, message };
      },
    );

    const action = (
      path: string,
      run: (staff: StaffUser, id: string, body: Record<string, unknown>) => Promise<unknown>,
      body?: typeof agentChatTransferSchema | typeof agentChatEndSchema,
    ) =>
      app.post(
        path,
        {
          ...agent,
          schema: {
            tags,
            params: agentChatIdParamsSchema,
            ...(body ? { body } : {}),
            response: { 200: agentChatActionResponseSchema, ...errorResponses },
          },
        },
        async (request) => {
          const conversation = await run(
            requireStaff(request),
            (request.params as { id: string }).id,
            (request.body ?? {}) as Record<string, unknown>,
          );
          return { status: 'SUCCESS' as const, conversation } as never;
        },
      );
    action(agentChatPaths.take, (staff, id) => service.take(staff, id));
    action(
      agentChatPaths.transfer,
      (staff, id, body) => service.transfer(staff, id, String(body.agent_id)),
      agentChatTransferSchema,
    );
    action(
      agentChatPaths.end,
      (staff, id, body) => service.end(staff, id, body.follow_up === true),
      agentChatEndSchema,
    );

    /** The staff member the upgrade's checks found, handed to the socket's handler. */
    const accepted = new WeakMap<FastifyRequest, StaffUser>();

    app.route({
      method: 'GET',
      url: agentChatPaths.ws,
      config: { access: 'agent' },
      schema: { hide: true },
      // The access hook has checked the role; a page of another site must not open a socket with the agent's cookie.
      preValidation: async (request) => {
        if (!sameOrigin(request, deps.config.publicUrl)) throw new AppError('FORBIDDEN');
        accepted.set(request, requireStaff(request));
      },
      handler: async () => {
        throw new AppError('NOT_FOUND');
      },
      wsHandler: (socket, request) => {
        const staff = accepted.get(request);
        if (!staff) {
          socket.close(4403, 'refused');
          return;
        }
        void serveConsole(socket, request, staff);
      },
    });

    /**
     * One socket per console: the queue's changes (the agents' channel, kept to the agent's countries) and the
     * messages and typing of the conversations the console watches (their channels, on whichever instance the
     * rider's socket is).
     */
    async function serveConsole(socket: WebSocket, request: FastifyRequest, staff: StaffUser) {
      const socketId = randomToken(9);
      const send = (frame: AgentServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      const watched = new Map<string, Promise<() => Promise<void>>>();
      let closed = false;
      const heartbeat = keepAlive(socket);

      const unwatch = async (id: string) => {
        const sub = watched.get(id);
        watched.delete(id);
        if (sub) await (await sub)();
      };
      const watch = (id: string) => {
        if (watched.has(id) || watched.size >= MAX_WATCHED) return;
        watched.set(
          id,
          deps.bus.subscribe(channels.conversation(id), (event) => {
            const e = event as {
              type?: string;
              author?: string;
              from?: string;
              message?: ChatMessage;
              conversation?: unknown;
            };
            if (e.type === 'message' && e.message) send({ type: 'message', conversation_id: id, message: e.message });
            else if (e.type === 'typing' && e.from !== socketId && e.author !== 'agent' && e.author)
              send({ type: 'typing', conversation_id: id, author: e.author as 'user' });
            else if (e.type === 'status' && e.conversation)
              send({ type: 'status', conversation_id: id, conversation: e.conversation as never });
          }),
        );
      };

      let inboxUnsubscribe: (() => Promise<void>) | null = null;
      socket.on('close', () => {
        closed = true;
        heartbeat.stop();
        void inboxUnsubscribe?.();
        for (const id of [...watched.keys()]) void unwatch(id);
      });

      socket.on('message', (data: Buffer, isBinary: boolean) => {
        heartbeat.heard();
        void (async () => {
          let parsed: unknown = null;
          try {
            parsed = isBinary ? null : JSON.parse(data.toString('utf8'));
          } catch {
            parsed = null;
          }
          const frame = agentClientFrameSchema.safeParse(parsed);
          if (!frame.success) {
            send({ type: 'error', ...coded('chatUnreadable') });
            return;
          }
          const f = frame.data;
          try {
            if (f.type === 'ping') send({ type: 'pong' });
            else if (f.type === 'unwatch') await unwatch(f.conversation_id);
            else if (!(await service.covers(staff, f.conversation_id)))
              send({ type: 'error', ...coded('chatNotFound') });
            else if (f.type === 'watch') watch(f.conversation_id);
            else await chat.typing(f.conversation_id, 'agent', socketId);
          } catch (err) {
            request.log.error({ err }, 'agent console: frame failed');
            send({ type: 'error', ...coded('genericFailure') });
          }
        })();
      });

      try {
        const unsubscribe = await deps.bus.subscribe(channels.agents, (event) => {
          const e = event as AgentsEvent;
          const country = e.country ?? e.context?.country ?? null;
          if (typeof e.conversation_id === 'string' && coversCountry(staff, country)) {
            send({ type: 'inbox', conversation_id: e.conversation_id });
          }
        });
        if (closed) {
          await unsubscribe();
          return;
        }
        inboxUnsubscribe = unsubscribe;
      } catch (err) {
        request.log.error({ err }, 'agent console: subscribe failed');
        socket.close(1011, 'unavailable');
        return;
      }
      send({ type: 'ready' });
    }
  };
}
