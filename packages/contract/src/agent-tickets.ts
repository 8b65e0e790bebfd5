import { z } from 'zod';
import { supportedLocales } from './languages.ts';
import { type TicketStatus, ticketStatusSchema } from './tickets.ts';

/**
 * The ticket inbox of the agent console and the rider's side of the conversation (issue 21 item 2; docs/agent.md
 * "Tickets"). Agent paths need access 'agent' (canned reply changes 'admin'); the rider's thread paths 'user'.
 */
export const agentTicketPaths = {
  list: '/api/agent/v1/tickets',
  ticket: '/api/agent/v1/tickets/:ticket_id',
  assign: '/api/agent/v1/tickets/:ticket_id/assign',
  status: '/api/agent/v1/tickets/:ticket_id/status',
  messages: '/api/agent/v1/tickets/:ticket_id/messages',
  cannedReplies: '/api/agent/v1/canned-replies',
  cannedReply: '/api/agent/v1/canned-replies/:id',
} as const;

/** The rider's conversation on one of their own tickets. */
export const ticketThreadPaths = {
  thread: '/api/v1/tickets/:ticket_id/thread',
  replies: '/api/v1/tickets/:ticket_id/replies',
} as const;

/** A path with its ticket number (or canned reply id) filled in. */
export function ticketPath(path: string, id: string): string {
  return path.replace(/:ticket_id|:id/, encodeURIComponent(id));
}

// ---- Status rules --------------------------------------------------------------------------------------------------

/**
 * Who moves a ticket where (docs/agent.md "Tickets"). Open: waiting for us. Pending: we answered, waiting for the
 * rider. Solved: done, the rider is asked for the rating. Closed: final, nothing more is added. The rider sees open and
 * pending as Open, solved and closed as Resolved (tickets.ts ticketBadge).
 */
export const agentStatusChanges: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['pending', 'solved'],
  pending: ['open', 'solved'],
  solved: ['open', 'closed'],
  closed: [],
};

/** Whether an agent may move a ticket from one status to another by hand (the status buttons). */
export function mayChangeStatus(from: TicketStatus, to: TicketStatus): boolean {
  return agentStatusChanges[from].includes(to);
}

/** What an agent reply may leave the ticket as: waiting for the rider (the default) or solved. */
export const replyStatusSchema = z.enum(['pending', 'solved']);
export type ReplyStatus = z.infer<typeof replyStatusSchema>;

/** The status after an agent's reply, or null when the ticket takes no reply (closed). */
export function statusAfterAgentReply(from: TicketStatus, requested: ReplyStatus = 'pending'): TicketStatus | null {
  return from === 'closed' ? null : requested;
}

/** The status after the rider's reply (it re-opens a pending ticket), or null when the rider may not reply. */
export function statusAfterRiderReply(from: TicketStatus): TicketStatus | null {
  return from === 'open' || from === 'pending' ? 'open' : null;
}

/** Whether the rider may write in the thread (the reply box on /tickets): while the request is open to them. */
export function riderMayReply(status: TicketStatus): boolean {
  return statusAfterRiderReply(status) !== null;
}

// ---- Queue -------------------------------------------------------------------------------------------------------

/**
 * Service targets per priority, in hours (docs/agent.md "Tickets"): a ticket breaches its SLA when it has waited for
 * a first reply longer than `firstResponse`, or has been with us (open) longer than `resolution` since it was raised.
 * A safety report is 'urgent'.
 */
export const ticketSlaHours = {
  urgent: { firstResponse: 1, resolution: 24 },
  normal: { firstResponse: 8, resolution: 72 },
} as const;
export type SlaPriority = keyof typeof ticketSlaHours;

/** Whether a ticket breaches its SLA at `now` (the same rule as the inbox's SQL order). */
export function slaBreached(
  t: { status: string; priority: string; created_at: string; first_response_at: string | null },
  now: Date,
): boolean {
  const target = ticketSlaHours[t.priority === 'urgent' ? 'urgent' : 'normal'];
  const age = now.getTime() - Date.parse(t.created_at);
  const hour = 3_600_000;
  if ((t.status === 'open' || t.status === 'pending') && !t.first_response_at && age > target.firstResponse * hour)
    return true;
  return t.status === 'open' && age > target.resolution * hour;
}

/** A ticket's category in the inbox is its kind: how the rider reached us. */
export const agentTicketCategories = [
  'ticket',
  'issue',
  'marketplace',
  'food',
  'unrecognised_transaction',
  'one_touch',
  'lost_item',
  'chat',
] as const;
export type AgentTicketCategory = (typeof agentTicketCategories)[number];

export const AGENT_TICKETS_PAGE_SIZE = 25;

/** GET agentTicketPaths.list: 'active' is open and pending (the default queue). */
export const agentTicketListQuerySchema = z.object({
  status: z.enum(['active', 'open', 'pending', 'solved', 'closed', 'all']).default('active'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  category: z.enum(agentTicketCategories).optional(),
  /** safety: flagged safety reports; urgent / normal: the ticket's priority */
  priority: z.enum(['safety', 'urgent', 'normal']).optional(),
  assignee: z.enum(['me', 'none', 'any']).default('any'),
  /** a ticket number, a CRN or an e-mail address (exact) */
  q: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type AgentTicketListQuery = z.infer<typeof agentTicketListQuerySchema>;

const staffRef = z.object({ id: z.string(), name: z.string() });

export const agentTicketRowSchema = z.object({
  ticket_id: z.string(),
  status: ticketStatusSchema,
  subject: z.string(),
  kind: z.string(),
  priority: z.string(),
  flag: z.string().nullable(),
  country_code: z.string(),
  rider_name: z.string(),
  rider_email: z.string(),
  assignee: staffRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  first_response_at: z.string().nullable(),
  sla_breached: z.boolean(),
});
export type AgentTicketRow = z.infer<typeof agentTicketRowSchema>;

export const agentTicketListResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  tickets: z.array(agentTicketRowSchema),
  page: z.number(),
  total: z.number(),
  page_size: z.number(),
});
export type AgentTicketList = z.infer<typeof agentTicketListResponseSchema>;

// ---- One ticket --------------------------------------------------------------------------------------------------

export const TICKET_MESSAGE_MAX = 5000;
const clientKey = z.string().regex(/^[\w-]{8,64}$/);
const messageBody = z.string().trim().min(1).max(TICKET_MESSAGE_MAX);

export const agentTicketMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['request', 'reply', 'note']),
  author_role: z.enum(['agent', 'rider']),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type AgentTicketMessage = z.infer<typeof agentTicketMessageSchema>;

export const agentTicketDetailSchema = z.object({
  status: z.literal('SUCCESS'),
  ticket: agentTicketRowSchema.extend({
    query: z.string(),
    article_id: z.string().nullable(),
    article_name: z.string().nullable(),
    solved_at: z.string().nullable(),
    closed_at: z.string().nullable(),
  }),
  rider: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    country_code: z.string(),
    locale: z.string(),
    role: z.string(),
    membership: z.object({ package_name: z.string(), status: z.string(), expires_on: z.string() }).nullable(),
  }),
  booking: z
    .object({
      id: z.string(),
      crn: z.string(),
      status: z.string(),
      pickup_date: z.string(),
      pickup_location: z.string(),
      drop_location: z.string(),
      fare: z.number(),
      currency_country: z.string(),
      /** the bill as stored (lines of the fare), null when the ride has none */
      bill: z.unknown().nullable(),
    })
    .nullable(),
  order: z.object({ id: z.string(), order_type: z.string(), order_status: z.string(), amount: z.number() }).nullable(),
  /** the one-touch request that led here: its call type */
  one_touch: z.object({ call_type: z.string().nullable() }).nullable(),
  earlier_tickets: z.array(
    z.object({ ticket_id: z.string(), subject: z.string(), status: ticketStatusSchema, created_at: z.string() }),
  ),
  messages: z.array(agentTicketMessageSchema),
  rating: z.object({ score: z.string(), reason: z.string().nullable(), comment: z.string().nullable() }).nullable(),
  /** the staff of this ticket's queue, for "assign to" */
  assignable: z.array(staffRef),
  audit: z.array(
    z.object({ at: z.string(), actor_name: z.string(), action: z.string(), detail: z.record(z.string(), z.unknown()) }),
  ),
});
export type AgentTicketDetail = z.infer<typeof agentTicketDetailSchema>;

export const agentTicketParamsSchema = z.object({ ticket_id: z.string().min(1).max(64) });

export const agentAssignPayloadSchema = z.object({
  /** a staff member of the ticket's queue; null unassigns */
  assignee_id: z.string().min(1).max(64).nullable(),
});
export const agentStatusPayloadSchema = z.object({ status: ticketStatusSchema });
export const agentMessagePayloadSchema = z.object({
  kind: z.enum(['reply', 'note']),
  body: messageBody,
  client_key: clientKey,
  /** a reply's status after it (default pending); ignored for notes */
  status: replyStatusSchema.optional(),
});
export type AgentMessagePayload = z.infer<typeof agentMessagePayloadSchema>;
export const agentActionResponseSchema = z.object({ status: z.literal('SUCCESS'), ticket_status: ticketStatusSchema });

// ---- Canned replies ----------------------------------------------------------------------------------------------

export const cannedReplySchema = z.object({
  id: z.string(),
  language: z.string(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedRepliesQuerySchema = z.object({ language: z.enum(supportedLocales).optional() });
export const cannedRepliesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  replies: z.array(cannedReplySchema),
});
export const cannedReplyPayloadSchema = z.object({
  language: z.enum(supportedLocales),
  title: z.string().trim().min(1).max(80),
  body: z.string().trim().min(1).max(2000),
});
export const cannedReplyParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const cannedReplyResponseSchema = z.object({ status: z.literal('SUCCESS'), reply: cannedReplySchema });

// ---- The rider's thread ------------------------------------------------------------------------------------------

export const ticketThreadResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  ticket_id: z.string(),
  ticket_status: ticketStatusSchema,
  may_reply: z.boolean(),
  /** the request itself first, then replies, oldest first; never a staff note */
  messages: z.array(
    z.object({ id: z.string(), from: z.enum(['you', 'support']), body: z.string(), created_at: z.string() }),
  ),
});
export type TicketThread = z.infer<typeof ticketThreadResponseSchema>;
export const riderReplyPayloadSchema = z.object({ body: messageBody, client_key: clientKey });
