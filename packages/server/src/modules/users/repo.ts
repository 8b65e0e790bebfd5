import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** The subscription that decides membership: the newest active one, else the newest of any status. */
export function currentSubscription(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy((eb) => eb.case().when('status', '=', 'active').then(0).else(1).end())
    .orderBy('activated_on', 'desc')
    .executeTakeFirst();
}

/** One of the user's own subscriptions; anyone else's does not exist. */
export function findOwnSubscription(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The user's subscriptions, the latest first (docs/flows/subscription-invoice.md). */
export function listSubscriptions(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('activated_on', 'desc')
    .orderBy('id')
    .execute();
}

export function listDemoAccounts(db: Kysely<Database>) {
  return (
    db
      .selectFrom('users')
      .select(['email', 'name', 'role', 'staff_role', 'country_code', 'demo_description'])
      .where('demo_description', 'is not', null)
      // Riders and drivers first, the agent console's people after them.
      .orderBy(sql`case when staff_role is null then 0 else 1 end`)
      .orderBy('role')
      .orderBy('country_code')
      .orderBy('email')
      .execute()
  );
}

/** A user's profile language (users.locale): a driver's app language, everyone's preferred language. */
export async function updateUserLocale(db: Kysely<Database>, id: string, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', id).execute();
}
