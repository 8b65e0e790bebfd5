import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

/**
 * A visitor's tickets join the list of the user who signs in with their e-mail (docs/flows/visitor-tickets.md):
 * each unclaimed guest ticket sent from the user's verified address is copied into `tickets` under the same ticket
 * id, once. The claim (guest_tickets.claimed_by) and the copy are one transaction, so two lists loading at once copy
 * a ticket once; the unique ticket_id settles a race between instances.
 */
export async function claimGuestTickets(db: Kysely<Database>, user: Pick<UserRow, 'id' | 'email' | 'email_verified'>) {
  // Only an address the user has proved is theirs: anyone could type someone else's into the visitor form.
  if (user.email_verified !== 1 || !user.email) return;
  const email = user.email.trim().toLowerCase();
  const waiting = await db
    .selectFrom('guest_tickets')
    .selectAll()
    .where('claimed_by', 'is', null)
    .where((eb) => eb.fn('lower', ['email']), '=', email)
    .execute();
  for (const g of waiting) {
    const payload = JSON.parse(g.payload) as { article_id?: string; custom_field_map?: { comments?: string } };
    try {
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('guest_tickets')
          .set({ claimed_by: user.id })
          .where('id', '=', g.id)
          .where('claimed_by', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return;
        await trx
          .insertInto('tickets')
          .values({
            id: newId('tk'),
            ticket_id: g.ticket_id,
            user_id: user.id,
            status: 'open',
            subject: g.subject,
            query: payload.custom_field_map?.comments ?? '',
            issue_id: null,
            article_id: payload.article_id ?? null,
            article_name: null,
            booking_id: null,
            order_id: null,
            tag: null,
            source: 'visitor',
            email_from: g.email,
            idempotency_key: null,
            created_at: g.created_at,
            updated_at: g.created_at,
            kind: g.kind,
            payload: g.payload,
            source_page: null,
          })
          .execute();
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
}
