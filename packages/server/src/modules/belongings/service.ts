import {
  type CodedMessage,
  coded,
  LAB_WINDOW_DAYS,
  type LabFormEnableResponse,
  type LabState,
  type LabStatusResponse,
} from '@selfserve/contract';
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
export function formEnabled(booking: BookingRow, now = Date.now()): { enabled: boolean; refusal: CodedMessage | null } {
  if (booking.status !== 'completed') return { enabled: false, refusal: coded('labOnlyCompleted') };
  if (booking.date_entered_timestamp < now - LAB_WINDOW_DAYS * 24 * 3600 * 1000) {
    return { enabled: false, refusal: coded('labTooOld', { days: LAB_WINDOW_DAYS }) };
  }
  return { enabled: true, refusal: null };
}

/** The form check's answer: the refusal as the spec's `reason`, with its code. */
export function formEnableAnswer(enabled: boolean, refusal: CodedMessage | null): LabFormEnableResponse {
  return {
    status: 'SUCCESS',
    enabled,
    reason: refusal?.message ?? null,
    reason_code: refusal?.code ?? null,
    ...(refusal?.params ? { params: refusal.params } : {}),
  };
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
  if (!row) throw new AppError('NOT_FOUND', coded('labRequestMissing'));
  const next = NEXT[event]?.[row.state];
  if (!next) throw new AppError('CONFLICT', coded('labEventOutOfOrder', { event, state: row.state }));
  // Only from the state we read: two callbacks racing cannot both move it.
  const res = await db
    .updateTable('lab_requests')
    .set({ state: next, updated_at: new Date().toISOString(), ...(note ? { driver_note: note } : {}) })
    .where('id', '=', id)
    .where('state', '=', row.state)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError('CONFLICT', coded('labChangedMeanwhile'));
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
  const answer = (
    said: CodedMessage,
    flags: Partial<typeof none> = {},
    extra: Partial<LabStatusResponse> = {},
  ): LabStatusResponse => ({
    status: 'done',
    state: (row?.state as LabState | undefined) ?? null,
    message: said.message,
    code: said.code,
    ...(said.params ? { params: said.params } : {}),
    side_load: { ...none, ...flags },
    ticket_id: null,
    ...extra,
  });
  if (!row) return answer(coded('labNoRequest'));
  if (row.ticket_id) {
    return answer(
      coded('labTicketRaised', { ticketId: row.ticket_id }),
      { alreadyRaisedTicket: true },
      { ticket_id: row.ticket_id },
    );
  }
  // The driver's own words (the provider's note), when there are any, follow our sentence.
  const note = row.driver_note?.trim();
  switch (row.state as LabState) {
    case 'calling_driver':
    case 'awaiting_driver':
      return answer(coded('labCalling'), {}, { status: 'inprogress' });
    case 'driver_found':
      return answer(note ? coded('labFoundNote', { note }) : coded('labFound'), { showCustomerConfirm: true });
    case 'not_found':
      return answer(coded('labNotFound'), { showRaiseTicketScreen: true });
    case 'driver_unreachable':
      return answer(note ? coded('labUnreachableNote', { note }) : coded('labUnreachable'), {
        showRaiseTicketScreen: true,
      });
    case 'resolved':
      return answer(coded('labPickupArranged'), { showButton: true });
  }
}
