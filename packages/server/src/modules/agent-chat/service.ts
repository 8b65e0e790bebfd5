// The agents' side of live chat (issue 21 item 3; docs/agent.md "Live chat"): presence, the queue's escalated
// conversations with their context, the agent's messages, take, transfer and end. Every action that changes a
// conversation is audited in the same transaction; the change then goes to the rider's and the agents' sockets
// through the bus (every instance). No HTTP here.
import {
  type AgentChatDetail,
  type AgentChatSummary,
  type AgentPresence,
  type ChatMessage,
  chatRegionOf,
} from '@selfserve/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { channels } from '../../lib/bus.ts';
import { coversCountry, type StaffUser } from '../agent/staff.ts';
import { recordAudit } from '../audit/audit.ts';
import { AGENT_PRESENCE_TTL_MS, setAgentPresence } from '../chat/agent-desk.ts';
import { type ConversationRow, findConversation, messagesAfter, OPEN_STATUSES } from '../chat/repo.ts';
import { type ChatService, contextOf, toConversation, toMessage } from '../chat/service.ts';
import { findUserById } from '../users/repo.ts';
import {
  findArticleTitle,
  findBookingContext,
  findPresence,
  findStaffMember,
  listAvailableStaff,
  listEscalated,
} from './repo.ts';

/** The chat region an agent's queue serves: their country's (in, gb …); every region (null) for an admin. */
export function regionOfStaff(staff: Pick<StaffUser, 'staff_role' | 'country_code'>): string | null {
  if (staff.staff_role === 'admin') return null;
  // A country that is no chat region still gets its own value, which no conversation asks for.
  return chatRegionOf(staff.country_code) ?? staff.country_code.toLowerCase();
}

/** The event the agents' channel carries; each console keeps those of its own queue. */
export interface AgentsEvent {
  type: string;
  conversation_id: string;
  country?: string | null;
  context?: { country?: string };
}

const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || name || '';

/** Base64 addresses as the bookings store them (the spec's), read for the agent; anything else as it is. */
function address(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = Buffer.from(raw, 'base64').toString('utf8');
  return /^[\p{L}\p{N}\p{P}\p{Zs}\n]+$/u.test(text) && Buffer.from(text, 'utf8').toString('base64') === raw
    ? text
    : raw;
}

export function agentChatService(deps: Pick<AppDeps, 'db' | 'bus'>, chat: ChatService) {
  const { db, bus } = deps;

  /** A conversation of the staff member's queue that has been handed to people, else 404 (as if it did not exist). */
  async function inQueue(staff: StaffUser, id: string): Promise<ConversationRow> {
    const row = await findConversation(db, id);
    if (!row || !coversCountry(staff, contextOf(row).country ?? null)) throw new AppError('NOT_FOUND');
    // A conversation only the bot has had is the rider's alone.
    if (!row.agent_id && row.status !== 'waiting') throw new AppError('NOT_FOUND');
    return row;
  }

  async function summary(staff: StaffUser, row: ConversationRow): Promise<AgentChatSummary> {
    const user = row.user_id ? await findUserById(db, row.user_id) : undefined;
    const agent = row.agent_id ? await findStaffMember(db, row.agent_id) : undefined;
    const context = contextOf(row);
    return {
      id: row.id,
      status: row.status,
      country: context.country ?? null,
      user_name: user?.name ?? null,
      agent_id: row.agent_id,
      agent_name: agent?.name ?? null,
      mine: row.agent_id === staff.id,
      crn: context.crn ?? null,
      updated_at: row.updated_at,
    };
  }

  async function announce(type: string, row: ConversationRow, extra: Record<string, unknown> = {}) {
    await bus.publish(channels.agents, {
      type,
      conversation_id: row.id,
      country: contextOf(row).country ?? null,
      ...extra,
    });
  }

  /** Changes the conversation only while it is still open, with its audit entry, in one transaction. */
  async function change(
    row: ConversationRow,
    set: { status: ConversationRow['status']; agent_id?: string | null; ticket_id?: string | null },
    audit: { actorId: string; action: string; detail: Record<string, unknown> },
  ): Promise<ConversationRow> {
    const done = await db.transaction().execute(async (trx) => {
      const context = { ...contextOf(row), ...(set.agent_id ? { assigned_agent: set.agent_id } : {}) };
      const result = await trx
        .updateTable('chat_conversations')
        .set({ ...set, context: JSON.stringify(context), updated_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .where('status', 'in', [...OPEN_STATUSES])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await recordAudit(trx, { ...audit, targetType: 'chat', targetId: row.id });
      return true;
    });
    if (!done) throw new AppError('CONFLICT');
    const fresh = (await findConversation(db, row.id)) ?? row;
    await bus.publish(channels.conversation(row.id), { type: 'status', conversation: toConversation(fresh) });
    return fresh;
  }

  return {
    async presence(staff: StaffUser): Promise<AgentPresence> {
      const row = await findPresence(db, staff.id);
      const fresh = row && Date.parse(row.last_seen_at) > Date.now() - AGENT_PRESENCE_TTL_MS;
      return {
        status: 'SUCCESS',
        available: Boolean(row && row.available === 1 && fresh),
        region: regionOfStaff(staff),
        last_seen_at: row?.last_seen_at ?? null,
      };
    },

    async setPresence(staff: StaffUser, available: boolean): Promise<AgentPresence> {
      const before = await findPresence(db, staff.id);
      await setAgentPresence(db, staff.id, { available, region: regionOfStaff(staff) });
      // A change is the staff member's action (audited); a heartbeat that changes nothing is not.
      if ((before?.available === 1) !== available) {
        await recordAudit(db, {
          actorId: staff.id,
          action: available ? 'chat_available' : 'chat_away',
          targetType: 'user',
          targetId: staff.id,
          detail: { region: regionOfStaff(staff) },
        });
      }
      return this.presence(staff);
    },

    /** The staff members available now whose queue covers the conversation's country (transfer targets). */
    async availableFor(
      staff: StaffUser,
      country: string | null,
    ): Promise<{ id: string; name: string; region: string | null }[]> {
      const since = new Date(Date.now() - AGENT_PRESENCE_TTL_MS).toISOString();
      const rows = await listAvailableStaff(db, since);
      return rows
        .filter((r) => r.staff_role === 'admin' || (country !== null && r.country_code === country))
        .filter((r) => country !== null || coversCountry(staff, r.country_code))
        .map((r) => ({ id: r.id, name: r.name, region: r.region }));
    },

    async list(staff: StaffUser): Promise<AgentChatSummary[]> {
      const rows = await listEscalated(db);
      const out: AgentChatSummary[] = [];
      for (const r of rows) {
        const context = contextOf(r as unknown as ConversationRow);
        if (!coversCountry(staff, context.country ?? null)) continue;
        out.push({
          id: r.id,
          status: r.status,
          country: context.country ?? null,
          user_name: r.user_name ?? null,
          agent_id: r.agent_id,
          agent_name: r.agent_name ?? null,
          mine: r.agent_id === staff.id,
          crn: context.crn ?? null,
          updated_at: r.updated_at,
        });
      }
      // Mine first, then the rest of the queue; newest change first within each.
      return [...out.filter((c) => c.mine), ...out.filter((c) => !c.mine)];
    },

    async detail(staff: StaffUser, id: string): Promise<AgentChatDetail> {
      const row = await inQueue(staff, id);
      const context = contextOf(row);
      const user = row.user_id ? await findUserById(db, row.user_id) : undefined;
      const booking =
        user && context.booking_id ? await findBookingContext(db, user.id, context.booking_id) : undefined;
      const article = context.article_id ? await findArticleTitle(db, context.article_id) : undefined;
      const messages: ChatMessage[] = (await messagesAfter(db, row.id, 0, 10_000)).map(toMessage);
      return {
        status: 'SUCCESS',
        chat: await summary(staff, row),
        conversation: toConversation(row),
        messages,
        context: {
          user: user
            ? { id: user.id, name: user.name, email: user.email, country_code: user.country_code, city: user.city }
            : null,
          booking: booking
            ? {
                id: booking.id,
                crn: booking.crn,
                status: booking.status,
                city: booking.city,
                pickup_location: address(booking.pickup_location),
                drop_location: address(booking.drop_location),
                pickup_date: booking.pickup_date,
              }
            : null,
          article: article ? { id: article.id, title: article.title } : null,
          locale: row.locale,
        },
      };
    },

    /** The agent's message: only in a conversation that is theirs and open. Stored once per client_id. */
    async send(staff: StaffUser, id: string, input: { client_id: string; body: string }): Promise<ChatMessage> {
      const row = await inQueue(staff, id);
      if (row.status !== 'with_agent' || row.agent_id !== staff.id) throw new AppError('CONFLICT');
      const { message } = await chat.post(row, { author: 'agent', body: input.body, clientId: `a-${input.client_id}` });
      return message;
    },

    async take(staff: StaffUser, id: string) {
      const row = await inQueue(staff, id);
      if (row.agent_id === staff.id && row.status === 'with_agent') return toConversation(row);
      const fresh = await change(
        row,
        { status: 'with_agent', agent_id: staff.id },
        { actorId: staff.id, action: 'chat_take', detail: { from_agent: row.agent_id, status: row.status } },
      );
      const t = chat.texts(fresh.locale);
      await chat.post(fresh, { author: 'system', body: t('liveChat.joined', { name: firstName(staff.name) }) });
      await announce('conversation.taken', fresh, { agent_id: staff.id });
      return toConversation(fresh);
    },

    async transfer(staff: StaffUser, id: string, toAgentId: string) {
      const row = await inQueue(staff, id);
      if (row.agent_id !== staff.id && staff.staff_role !== 'admin') throw new AppError('CONFLICT');
      if (toAgentId === row.agent_id) throw new AppError('CONFLICT');
      const country = contextOf(row).country ?? null;
      const target = (await this.availableFor(staff, country)).find((a) => a.id === toAgentId);
      // Someone who is not an available agent of this queue is not someone the chat can go to.
      if (!target) throw new AppError('NOT_FOUND');
      const fresh = await change(
        row,
        { status: 'with_agent', agent_id: target.id },
        { actorId: staff.id, action: 'chat_transfer', detail: { from_agent: row.agent_id, to_agent: target.id } },
      );
      const t = chat.texts(fresh.locale);
      await chat.post(fresh, { author: 'system', body: t('liveChat.transferred', { name: firstName(target.name) }) });
      await announce('conversation.transferred', fresh, { agent_id: target.id, from_agent: row.agent_id });
      return toConversation(fresh);
    },

    /** Ends the chat; with follow-up, one ticket with the transcript (the same one however often it is asked). */
    async end(staff: StaffUser, id: string, followUp: boolean) {
      const row = await inQueue(staff, id);
      if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) throw new AppError('CONFLICT');
      if (row.agent_id !== staff.id && staff.staff_role !== 'admin') throw new AppError('CONFLICT');
      let ticketId: string | null = null;
      if (followUp) {
        const user = row.user_id ? await findUserById(db, row.user_id) : undefined;
        // A visitor who never signed in has no ticket list to follow up in.
        if (!user) throw new AppError('CONFLICT');
        ticketId = (await chat.transcriptTicket(row, user)).ticket_id;
      }
      const fresh = await change(
        row,
        { status: followUp ? 'ticketed' : 'closed', ticket_id: ticketId ?? row.ticket_id },
        { actorId: staff.id, action: 'chat_end', detail: { follow_up: followUp, ticket_id: ticketId } },
      );
      const t = chat.texts(fresh.locale);
      await chat.post(fresh, {
        author: 'system',
        body: ticketId ? t('liveChat.endedTicket', { ticket: ticketId }) : t('liveChat.ended'),
        ...(ticketId ? { payload: { ticket_id: ticketId } } : {}),
      });
      await announce('conversation.ended', fresh, { ticket_id: ticketId });
      return toConversation(fresh);
    },

    /** Whether a staff member's queue covers a conversation (the socket's watch). */
    async covers(staff: StaffUser, id: string): Promise<boolean> {
      try {
        await inQueue(staff, id);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type AgentChatService = ReturnType<typeof agentChatService>;
