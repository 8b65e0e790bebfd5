import { LAB_WINDOW_DAYS, type LabState, type LabStatusResponse } from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { BookingRow, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

type LabRow = NonNullable<Awaited<ReturnType<typeof findByBooking>>>;

export function findByBooking(db: Kysely<Database>, userId: string, bookingId: string) {
  return db
    .selectFrom('lab_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
}

export function findById(db: Kysely<Database>, id: string) {
  return db.selectFrom('lab_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A ride can use the lost-item form if it was completed within the last LAB_WINDOW_DAYS days. */
export function formEnabled(booking: BookingRow, now = Date.now()): { enabled: boolean; reason: string | null } {
  if (booking.status !== 'completed') return { enabled: false, reason: 'Only completed rides can report a lost item.' };
  if (booking.date_entered_timestamp < now - LAB_WINDOW_DAYS * 24 * 3600 * 1000) {
    return {
      enabled: false,
      reason: `This ride is more than ${LAB_WINDOW_DAYS} days old. Please write to us instead.`,
    };
  }
  return { enabled: true, reason: null };
}

/** The transitions the provider's callbacks may make; anything else is out of order (409). */
const NEXT: Record<string, Partial<Record<string, LabState>>> = {
  call_connected: { calling_driver: 'awaiting_driver' },
  call_failed: { calling_driver: 'driver_unreachable' },
  blocker: { calling_driver: 'driver_unreachable', awaiting_driver: 'driver_unreachable' },
  found: { awaiting_driver: 'driver_found' },
  not_found: { awaiting_driver: 'not_found' },
  customer_confirmed: { driver_found: 'resolved' },
};

export async function move(
  db: Kysely<Database>,
  id: string,
  event: keyof typeof NEXT,
  note?: string,
): Promise<LabState> {
  const row = await findById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such lost-item request.');
  const next = NEXT[event]?.[row.state];
  if (!next) throw new AppError('CONFLICT', `A ${event} cannot follow ${row.state}.`);
  // Only from the state we read: two callbacks racing cannot both move it.
  const res = await db
    .updateTable('lab_requests')
    .set({ state: next, updated_at: new Date().toISOString(), ...(note ? { driver_note: note } : {}) })
    .where('id', '=', id)
    .where('state', '=', row.state)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'The request changed meanwhile.');
  return next;
}

const none = {
  showCustomerConfirm: false,
  showButton: false,
  alreadyRaisedTicket: false,
  showRaiseTicketScreen: false,
};

/** What the polling page shows for a request (core.md §4: it stops once one of the four flags is on). */
export function statusOf(row: LabRow | undefined): LabStatusResponse {
  if (!row)
    return {
      status: 'done',
      state: null,
      message: 'There is no lost-item request for this ride.',
      side_load: none,
      ticket_id: null,
    };
  const state = row.state as LabState;
  if (row.ticket_id) {
    return {
      status: 'done',
      state,
      message: `We have raised ticket ${row.ticket_id} for your lost item and will keep you posted by e-mail.`,
      side_load: { ...none, alreadyRaisedTicket: true },
      ticket_id: row.ticket_id,
    };
  }
  const done = (message: string, flags: Partial<typeof none>): LabStatusResponse => ({
    status: 'done',
    state,
    message,
    side_load: { ...none, ...flags },
    ticket_id: null,
  });
  switch (state) {
    case 'calling_driver':
    case 'awaiting_driver':
      return {
        status: 'inprogress',
        state,
        message: 'We are calling your driver. This takes a minute or two.',
        side_load: none,
        ticket_id: null,
      };
    case 'driver_found':
      return done(`Good news: your driver found it. ${row.driver_note ?? ''}`.trim(), { showCustomerConfirm: true });
    case 'not_found':
      return done('Your driver could not find the item in the car.', { showRaiseTicketScreen: true });
    case 'driver_unreachable':
      return done(`We could not reach your driver. ${row.driver_note ?? ''}`.trim(), { showRaiseTicketScreen: true });
    case 'resolved':
      return done('The pick-up is arranged. Your driver will call you from a masked number.', { showButton: true });
  }
}
