import { type Kysely, sql } from 'kysely';

/**
 * Our own chat (issue 17 item 6; docs/chat-conversations.md): conversations, their numbered messages, and the agents'
 * presence the hand-off to a person reads (the agent console fills it in a later issue).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'u:<user id>' or 'v:<keyed hash of the visitor cookie>': whose conversation it is
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('bot'))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    // booking, article, country, city, car category, locale, assigned agent (JSON)
    .addColumn('context', 'text', (c) => c.notNull().defaultTo('{}'))
    // the last seq given to a message: incremented in the message's transaction
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_id', 'text')
    .addColumn('agent_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One open conversation per owner: two tabs (or instances) opening at once resume the same one.
  await sql`create unique index chat_conversations_open_owner_uq on chat_conversations (owner) where status in ('bot', 'waiting', 'with_agent')`.execute(
    db,
  );
  await db.schema
    .createIndex('chat_conversations_owner_idx')
    .on('chat_conversations')
    .columns(['owner', 'created_at'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_seq_uq')
    .on('chat_messages')
    .columns(['conversation_id', 'seq'])
    .unique()
    .execute();
  // A resend of the same client message (after a dropped connection) is stored once.
  await db.schema
    .createIndex('chat_messages_client_uq')
    .on('chat_messages')
    .columns(['conversation_id', 'client_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('chat_agent_presence')
    .addColumn('agent_id', 'text', (c) => c.primaryKey())
    // chat region the agent serves (in, au, nz, gb); null: any
    .addColumn('region', 'text')
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_agent_presence').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
}
