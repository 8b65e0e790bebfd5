import type { Kysely } from 'kysely';

/**
 * Chat availability (docs/chat.md): one row per chat region (in, au, nz, gb) holding that region's configuration as
 * JSON (the contract's chatRegionConfigSchema), with who changed it last and when. Operators change it with the admin
 * call (PUT /api/chat/v1/config); every instance reads it from here, so a change is seen everywhere at once.
 *
 * The first values are the demo's (and a new installation's): the bot all day everywhere, people 08:00–22:00 every
 * day in India, weekday office hours in Australia, New Zealand and Britain. They are written out here, not imported,
 * so this migration stays what it was when it first ran.
 */
const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];
const allDay = [{ days: EVERY_DAY, open: '00:00', close: '24:00' }];
const region = (time_zone: string, live_hours: unknown[]) => ({
  enabled: true,
  time_zone,
  cities: 'all',
  car_categories: 'all',
  bot_hours: allDay,
  live_hours,
});
const FIRST_VALUES = {
  in: region('Asia/Kolkata', [{ days: EVERY_DAY, open: '08:00', close: '22:00' }]),
  au: region('Australia/Sydney', [{ days: WEEKDAYS, open: '08:00', close: '20:00' }]),
  nz: region('Pacific/Auckland', [{ days: WEEKDAYS, open: '08:00', close: '18:00' }]),
  gb: region('Europe/London', [{ days: WEEKDAYS, open: '09:00', close: '17:00' }]),
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_availability')
    .addColumn('region', 'text', (c) => c.primaryKey())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('chat_availability')
    .values(
      Object.entries(FIRST_VALUES).map(([r, config]) => ({
        region: r,
        config: JSON.stringify(config),
        updated_at: now,
        updated_by: 'migration 0030',
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_availability').execute();
}
