import type { Kysely } from 'kysely';

// Migrations use Kysely<any> and never import app code (DESIGN.md); types that work on both
// SQLite and PostgreSQL only: text, integer, bigint, double precision.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('partner_type', 'text')
    .addColumn('current_car_category', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_select', 'text', (c) => c.notNull().defaultTo('false'))
    .addColumn('is_subscribed', 'text', (c) => c.notNull().defaultTo('false'))
    .addColumn('is_expired', 'text', (c) => c.notNull().defaultTo('false'))
    .addColumn('demo_description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount_paid', 'double precision', (c) => c.notNull())
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('package_id', 'text', (c) => c.notNull())
    .addColumn('trial', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('activated_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('autorenew', 'integer', (c) => c.notNull())
    .addColumn('eligible_to_cancel', 'integer', (c) => c.notNull())
    .addColumn('ineligibility_reason', 'text')
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();

  await db.schema
    .createTable('countries')
    .addColumn('country_code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dialing_code', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('std_code', 'text', (c) => c.notNull())
    .addColumn('cc_number', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('call_us_numbers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_config')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('car_category', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('crn', 'text', (c) => c.notNull().unique())
    .addColumn('osn', 'text')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sub_status', 'text')
    .addColumn('cab_category', 'text', (c) => c.notNull())
    .addColumn('vehicle_category', 'text')
    .addColumn('ride_type', 'text')
    .addColumn('display_type', 'text')
    .addColumn('service_type', 'text')
    .addColumn('fare', 'double precision', (c) => c.notNull())
    .addColumn('currency_country', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('rtf_status', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('saas_ride', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('service_country', 'text', (c) => c.notNull())
    .addColumn('service_city', 'text', (c) => c.notNull())
    .addColumn('stop_at', 'text')
    .addColumn('driver_name', 'text')
    .addColumn('driver_phone', 'text')
    .addColumn('imei', 'text')
    .addColumn('cash_involved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('krutrim_chat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pickup_date', 'text', (c) => c.notNull())
    .addColumn('date_entered_timestamp', 'bigint', (c) => c.notNull())
    .addColumn('pickup_location', 'text', (c) => c.notNull())
    .addColumn('drop_location', 'text', (c) => c.notNull())
    .addColumn('driver_image_url', 'text')
    .addColumn('map_img_url', 'text')
    .addColumn('clickable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('display_car_name', 'text')
    .addColumn('priority_support_image_visible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_email', 'text')
    .execute();
  // The booking list pages by newest first per user.
  await db.schema
    .createIndex('bookings_user_time_idx')
    .on('bookings')
    .columns(['user_id', 'date_entered_timestamp', 'id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('order_status', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency_country', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text')
    .addColumn('customer_contact', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'modified_at']).execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('issue_id', 'text')
    .addColumn('article_id', 'text')
    .addColumn('article_name', 'text')
    .addColumn('booking_id', 'text')
    .addColumn('order_id', 'text')
    .addColumn('tag', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('email_from', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tickets_user_idx').on('tickets').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addColumn('entry_mode', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expiry_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('login_codes_email_idx').on('login_codes').columns(['email', 'created_at']).execute();

  await db.schema
    .createTable('track_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('properties', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'track_events',
    'login_codes',
    'sessions',
    'tickets',
    'orders',
    'bookings',
    'chat_config',
    'call_us_numbers',
    'cities',
    'countries',
    'subscriptions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
