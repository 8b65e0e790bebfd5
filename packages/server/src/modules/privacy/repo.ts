import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

/**
 * What one user's export holds, table by table (docs/operations.md "Export and erasure"): the columns that are
 * theirs to see. Never a secret: no session ids, code or token hashes, visitor hashes, idempotency keys, file bytes.
 */
const EXPORTED: ReadonlyArray<{ table: keyof Database; by: 'user_id' | 'email'; columns: string[] | '*' }> = [
  { table: 'subscriptions', by: 'user_id', columns: '*' },
  {
    table: 'bookings',
    by: 'user_id',
    columns: ['id', 'crn', 'osn', 'brand', 'status', 'cab_category', 'city', 'pickup_date', 'pickup_location'],
  },
  {
    table: 'orders',
    by: 'user_id',
    columns: ['id', 'order_type', 'order_status', 'amount', 'currency_country', 'created_at'],
  },
  {
    table: 'tickets',
    by: 'user_id',
    columns: [
      'ticket_id',
      'status',
      'subject',
      'query',
      'issue_id',
      'article_id',
      'article_name',
      'booking_id',
      'order_id',
      'tag',
      'source',
      'email_from',
      'kind',
      'payload',
      'created_at',
      'updated_at',
    ],
  },
  {
    table: 'csat_ratings',
    by: 'user_id',
    columns: ['ticket_id', 'score', 'reason', 'comment', 'email_from', 'created_at'],
  },
  { table: 'article_feedback', by: 'user_id', columns: ['article_id', 'helpful', 'reason', 'crn', 'created_at'] },
  {
    table: 'documents',
    by: 'user_id',
    columns: ['id', 'file_name', 'content_type', 'size', 'ticket_id', 'created_at'],
  },
  { table: 'sessions', by: 'user_id', columns: ['entry_mode', 'in_app', 'created_at', 'expires_at'] },
  {
    table: 'track_events',
    by: 'user_id',
    columns: ['event', 'page', 'properties', 'entry_mode', 'language', 'created_at'],
  },
  { table: 'invoice_mails', by: 'user_id', columns: ['address', 'kind', 'created_at', 'consumed_at'] },
  { table: 'invoice_addresses', by: 'user_id', columns: ['address', 'confirmed_at'] },
  { table: 'outbox', by: 'user_id', columns: ['to_address', 'subject', 'kind', 'created_at', 'sent_at'] },
  { table: 'guest_tickets', by: 'email', columns: ['ticket_id', 'kind', 'subject', 'payload', 'created_at'] },
  {
    table: 'call_requests',
    by: 'user_id',
    columns: ['kind', 'booking_id', 'article_id', 'subject', 'status', 'outcome', 'created_at'],
  },
  { table: 'call_us_codes', by: 'user_id', columns: ['kind', 'called_number', 'booking_id', 'created_at', 'used_at'] },
  { table: 'kyc_choices', by: 'user_id', columns: '*' },
  { table: 'refunds', by: 'user_id', columns: '*' },
  { table: 'cash_claims', by: 'user_id', columns: '*' },
  { table: 'wallet_credits', by: 'user_id', columns: '*' },
  { table: 'lab_requests', by: 'user_id', columns: '*' },
  { table: 'bill_disputes', by: 'user_id', columns: '*' },
  { table: 'driver_calls', by: 'user_id', columns: '*' },
  { table: 'cab_attachment_leads', by: 'user_id', columns: '*' },
  { table: 'driver_rides', by: 'user_id', columns: ['id', 'booking_id', 'commission', 'incentive', 'created_at'] },
  { table: 'driver_recompletes', by: 'user_id', columns: '*' },
  { table: 'driver_cars', by: 'user_id', columns: '*' },
  { table: 'driver_cleaning_claims', by: 'user_id', columns: '*' },
];

const PROFILE_COLUMNS = [
  'id',
  'email',
  'name',
  'mobile',
  'role',
  'country_code',
  'locale',
  'city',
  'partner_type',
  'current_car_category',
  'email_verified',
  'is_select',
  'is_subscribed',
  'is_expired',
  'call_requests_allowed',
  'staff_role',
  'created_at',
] as const;

export async function findProfile(db: Db, userId: string): Promise<Row | undefined> {
  return db.selectFrom('users').select(PROFILE_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

/** Every exported table's rows of the user, plus their chats' messages and their tickets' items. */
export async function exportRows(db: Db, user: { id: string; email: string }): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const spec of EXPORTED) {
    // The tables and columns come from the list above, never from input.
    const base = db.selectFrom(spec.table as 'tickets');
    const selected = spec.columns === '*' ? base.selectAll() : base.select(spec.columns as never[]);
    out[spec.table] = (await selected
      .where(spec.by as 'user_id', '=', spec.by === 'email' ? user.email : user.id)
      .execute()) as Row[];
  }
  out.ticket_items = await db
    .selectFrom('ticket_items')
    .innerJoin('tickets', 'tickets.ticket_id', 'ticket_items.ticket_id')
    .select(['ticket_items.ticket_id', 'ticket_items.item_id', 'ticket_items.item_name', 'ticket_items.quantity'])
    .where('tickets.user_id', '=', user.id)
    .execute();
  // The conversation on their tickets that they see (replies both ways); staff's internal notes are staff records.
  out.ticket_messages = await db
    .selectFrom('ticket_messages')
    .innerJoin('tickets', 'tickets.ticket_id', 'ticket_messages.ticket_id')
    .select([
      'ticket_messages.ticket_id',
      'ticket_messages.author_role',
      'ticket_messages.body',
      'ticket_messages.created_at',
    ])
    .where('tickets.user_id', '=', user.id)
    .where('ticket_messages.kind', '=', 'reply')
    .orderBy('ticket_messages.created_at')
    .execute();
  out.chat_conversations = await db
    .selectFrom('chat_conversations')
    .select(['id', 'status', 'locale', 'ticket_id', 'created_at', 'updated_at'])
    .where('user_id', '=', user.id)
    .execute();
  out.chat_messages = await db
    .selectFrom('chat_messages')
    .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id')
    .select([
      'chat_messages.conversation_id',
      'chat_messages.seq',
      'chat_messages.author',
      'chat_messages.body',
      'chat_messages.created_at',
    ])
    .where('chat_conversations.user_id', '=', user.id)
    .orderBy('chat_messages.conversation_id')
    .orderBy('chat_messages.seq')
    .execute();
  return out;
}

/** The stored documents' keys, so their bytes can be removed from the document storage after the rows. */
export async function documentKeys(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('documents').select('storage_key').where('user_id', '=', userId).execute();
  return rows.map((r) => r.storage_key);
}

export const ERASED_TEXT = '[erased]';

/** The address an erased account is left with: unique (the column is), unusable, and plainly not a person's. */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

export function isErasedEmail(email: string): boolean {
  return email.endsWith('@erased.invalid');
}

function affected(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }[]): number {
  return result.reduce((n, r) => n + Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0n), 0);
}

/**
 * Erases one user's personal data inside the caller's transaction and counts what changed per table. Kept, with
 * the personal parts removed: the user row (ids stay valid for every reference), tickets and their answers
 * (anonymised, not lost), chats (the user's words erased), bookings, orders and the money records (the
 * provider's books). Deleted: sessions, sign-in codes, documents, mail, invoice addresses, KYC choices, call-us codes.
 */
export async function erasePersonalData(
  trx: Transaction<Database>,
  user: { id: string; email: string },
): Promise<Record<string, number>> {
  const id = user.id;
  const counts: Record<string, number> = {};
  counts.tickets = affected(
    await trx
      .updateTable('tickets')
      .set({ query: ERASED_TEXT, payload: '{}', email_from: null })
      .where('user_id', '=', id)
      .execute(),
  );
  counts.ticket_messages = affected(
    await trx
      .updateTable('ticket_messages')
      .set({ body: ERASED_TEXT })
      .where('author_id', '=', id)
      .where('author_role', '=', 'rider')
      .execute(),
  );
  counts.guest_tickets = affected(
    await trx
      .updateTable('guest_tickets')
      .set({ email: erasedEmail(id), payload: '{}' })
      .where('email', '=', user.email)
      .execute(),
  );
  counts.csat_ratings = affected(
    await trx.updateTable('csat_ratings').set({ comment: null, email_from: null }).where('user_id', '=', id).execute(),
  );
  counts.article_feedback = affected(
    await trx.updateTable('article_feedback').set({ user_id: null, crn: null }).where('user_id', '=', id).execute(),
  );
  const conversations = trx.selectFrom('chat_conversations').select('id').where('user_id', '=', id);
  counts.chat_messages = affected(
    await trx
      .updateTable('chat_messages')
      .set({ body: ERASED_TEXT, payload: '{}' })
      .where('conversation_id', 'in', conversations)
      .where('author', '=', 'user')
      .execute(),
  );
  counts.chat_conversations = affected(
    await trx.updateTable('chat_conversations').set({ context: '{}' }).where('user_id', '=', id).execute(),
  );
  counts.track_events = affected(
    await trx.updateTable('track_events').set({ user_id: null, properties: null }).where('user_id', '=', id).execute(),
  );
  counts.bookings = affected(
    await trx.updateTable('bookings').set({ customer_email: null }).where('user_id', '=', id).execute(),
  );
  counts.orders = affected(
    await trx
      .updateTable('orders')
      .set({ customer_name: null, customer_contact: null, customer_email: null })
      .where('user_id', '=', id)
      .execute(),
  );
  counts.cab_attachment_leads = affected(
    await trx.updateTable('cab_attachment_leads').set({ phone_number: null }).where('user_id', '=', id).execute(),
  );
  for (const table of [
    'sessions',
    'documents',
    'outbox',
    'invoice_mails',
    'invoice_addresses',
    'kyc_choices',
    'call_us_codes',
  ] as const) {
    counts[table] = affected(await trx.deleteFrom(table).where('user_id', '=', id).execute());
  }
  counts.login_codes = affected(await trx.deleteFrom('login_codes').where('email', '=', user.email).execute());
  counts.users = affected(
    await trx
      .updateTable('users')
      .set({
        email: erasedEmail(id),
        name: 'Erased user',
        mobile: '',
        city: null,
        email_verified: 0,
        demo_description: null,
        staff_role: null,
        call_requests_allowed: 0,
      })
      .where('id', '=', id)
      .execute(),
  );
  return counts;
}
