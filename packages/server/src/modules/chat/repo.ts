// All SQL of the chat's conversations and messages (docs/chat-conversations.md); no rules here.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ChatConversationsTable, ChatMessagesTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;

export const OPEN_STATUSES = ['bot', 'waiting', 'with_agent'] as const;

/** The owner's open conversation, if any (at most one: a partial unique index). */
export function findOpenConversation(db: Db, owner: string) {
  return db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('owner', '=', owner)
    .where('status', 'in', [...OPEN_STATUSES])
    .executeTakeFirst();
}

/** The owner's latest conversation, open or not. */
export function findLatestConversation(db: Db, owner: string) {
  return db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('owner', '=', owner)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A conversation by id, only when it is this owner's: anyone else's does not exist. */
export function findOwnedConversation(db: Db, owner: string, id: string) {
  return db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('id', '=', id)
    .where('owner', '=', owner)
    .executeTakeFirst();
}

export function findConversation(db: Db, id: string) {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertConversation(db: Db, row: ConversationRow): Promise<void> {
  await db.insertInto('chat_conversations').values(row).execute();
}

export async function updateConversation(
  db: Db,
  id: string,
  changes: Partial<Pick<ConversationRow, 'status' | 'context' | 'ticket_id' | 'agent_id' | 'locale'>>,
  onlyFrom?: readonly ConversationRow['status'][],
): Promise<boolean> {
  let q = db
    .updateTable('chat_conversations')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id);
  if (onlyFrom) q = q.where('status', 'in', [...onlyFrom]);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The next seq of a conversation: taken inside the message's transaction (the row lock orders concurrent writers). */
export async function nextSeq(trx: Transaction<Database>, conversationId: string): Promise<number> {
  const row = await trx
    .updateTable('chat_conversations')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', conversationId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

export async function insertMessage(trx: Transaction<Database>, row: MessageRow): Promise<void> {
  await trx.insertInto('chat_messages').values(row).execute();
}

export function findByClientId(db: Db, conversationId: string, clientId: string) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** The largest seq a message can have: the column is a 32-bit integer (PostgreSQL refuses to compare with more). */
const MAX_SEQ = 2_147_483_647;

/** Messages after a seq, in order. */
export function messagesAfter(db: Db, conversationId: string, afterSeq: number, limit: number) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', Math.min(afterSeq, MAX_SEQ))
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}

/** The person's messages in a conversation since a time (the per-conversation rate limit, shared by instances). */
export async function userMessagesSince(db: Db, conversationId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('author', '=', 'user')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An agent marked available and seen recently, for a region (or any region), least recently given a chat first. */
export function findAvailableAgent(db: Db, region: string | null, seenSince: string) {
  let q = db
    .selectFrom('chat_agent_presence')
    .selectAll()
    .where('available', '=', 1)
    .where('last_seen_at', '>', seenSince);
  q = region ? q.where((eb) => eb.or([eb('region', '=', region), eb('region', 'is', null)])) : q;
  return q.orderBy('last_seen_at', 'asc').orderBy('agent_id', 'asc').limit(1).executeTakeFirst();
}

export async function upsertAgentPresence(
  db: Db,
  row: { agent_id: string; region: string | null; available: number; last_seen_at: string },
): Promise<void> {
  await db
    .insertInto('chat_agent_presence')
    .values(row)
    .onConflict((oc) =>
      oc.column('agent_id').doUpdateSet({
        region: row.region,
        available: row.available,
        last_seen_at: row.last_seen_at,
      }),
    )
    .execute();
}

/** One of the user's own bookings by id or CRN (anyone else's does not exist), with what a chat's context needs. */
export function findUserBooking(db: Db, userId: string, idOrCrn: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'crn', 'city', 'country', 'cab_category', 'status'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('id', '=', idOrCrn), eb('crn', '=', idOrCrn)]))
    .executeTakeFirst();
}
