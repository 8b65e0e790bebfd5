import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

/** The cities we onboard drivers in: those with at least one partner onboarding office. */
export function servedCities(db: Kysely<Database>) {
  return db
    .selectFrom('cities')
    .select(['id', 'name', 'std_code', 'cc_number'])
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('bd_offices').select('bd_offices.id').whereRef('bd_offices.city_id', '=', 'cities.id')),
    )
    .orderBy('name')
    .execute();
}

/** A served city by its id, or by its name (the profile keeps a name; any case). */
export async function findServedCity(db: Kysely<Database>, idOrName: string) {
  const wanted = idOrName.trim().toLowerCase();
  return (await servedCities(db)).find((c) => c.id === idOrName || c.name.toLowerCase() === wanted) ?? null;
}

export function cityOffices(db: Kysely<Database>, cityId: string) {
  return db
    .selectFrom('bd_offices')
    .select(['address', 'operating_hours'])
    .where('city_id', '=', cityId)
    .orderBy('position')
    .execute();
}

/** Records that a user wants to drive in a city, once: a retry (or a second tab) finds the same lead. */
export async function recordLead(db: Kysely<Database>, userId: string, cityId: string, phone: string | null) {
  await db
    .insertInto('cab_attachment_leads')
    .values({
      id: newId('cal'),
      user_id: userId,
      city_id: cityId,
      phone_number: phone,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'city_id']).doNothing())
    .execute();
  return db
    .selectFrom('cab_attachment_leads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('city_id', '=', cityId)
    .executeTakeFirstOrThrow();
}
