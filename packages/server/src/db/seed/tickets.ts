import type { BookingsTable, OrdersTable, TicketsTable } from '../schema.ts';
import { isAirport, type Trip } from './booking-factory.ts';
import { DAY, HOUR, MINUTE, type Rng } from './common.ts';
import { user } from './users.ts';

// Help-desk tickets, each about one of its user's bookings or orders (or neither).

export interface SeededBooking {
  trip: Trip;
  row: BookingsTable;
}

interface TicketSeed {
  id: string;
  user: string;
  status: TicketsTable['status'];
  subject: string;
  query: string;
  tag: string;
  articleName: string;
  /** The newest unused booking of the user that matches is linked. */
  booking?: (b: SeededBooking, anchor: number) => boolean;
  order?: string;
  /** For tickets about neither a booking nor an order. */
  daysAgo?: number;
}

const olderThan = (b: SeededBooking, anchor: number, days: number) => b.trip.enteredAt < anchor - days * DAY;

const TICKETS: readonly TicketSeed[] = [
  {
    id: 'tk_riya_01',
    user: 'riya',
    status: 'open',
    subject: 'Cancellation fee charged although the driver never arrived',
    query:
      'The driver was not moving towards my pickup point for 15 minutes and did not answer calls, so I cancelled. I was still charged a cancellation fee. Please refund it.',
    tag: 'cancellation_fee',
    articleName: 'I was charged a cancellation fee',
    booking: (b) => b.trip.status === 'cancelled' && b.row.fare > 0,
  },
  {
    id: 'tk_riya_02',
    user: 'riya',
    status: 'open',
    subject: 'Money deducted but the ride still shows payment pending',
    query:
      'I paid for yesterday evening ride by UPI and the amount was debited from my bank account, but the app still asks me to pay. Please update the payment status.',
    tag: 'payment_pending',
    articleName: 'My payment is shown as pending',
    booking: (b) => b.trip.status === 'pending',
  },
  {
    id: 'tk_riya_03',
    user: 'riya',
    status: 'open',
    subject: 'Item missing from my grocery order',
    query: 'Two packets of onions were billed but only one was delivered. Please refund the missing item.',
    tag: 'grocery_missing_item',
    articleName: 'Items missing from my order',
    order: 'GRC7730155',
  },
  {
    id: 'tk_riya_04',
    user: 'riya',
    status: 'open',
    subject: 'Charged much more than the estimated fare',
    query:
      'The fare shown before booking was much lower than what I was charged, even though the driver followed the suggested route. Please review the fare.',
    tag: 'fare_higher_than_estimate',
    articleName: 'I was charged more than the estimate',
    booking: (b) => b.trip.status === 'completed' && b.trip.cab === 'prime' && !b.trip.saas,
  },
  {
    id: 'tk_riya_05',
    user: 'riya',
    status: 'solved',
    subject: 'Driver asked for extra cash for the airport toll',
    query:
      'The driver asked me to pay the airport toll in cash although the toll was already included in the bill. I paid 120 rupees extra.',
    tag: 'driver_collected_extra_toll_parking_amount',
    articleName: 'The driver collected extra toll or parking',
    booking: (b, anchor) =>
      b.trip.status === 'completed' && (isAirport(b.trip.from) || isAirport(b.trip.to)) && olderThan(b, anchor, 10),
  },
  {
    id: 'tk_riya_06',
    user: 'riya',
    status: 'solved',
    subject: 'Share ride took a long detour for another passenger',
    query: 'My share ride went almost 4 km out of the way to pick up a co-passenger and I reached office late.',
    tag: 'share_route_deviation',
    articleName: 'My share ride took a longer route',
    booking: (b) => b.trip.share && b.trip.status === 'completed',
  },
  {
    id: 'tk_riya_07',
    user: 'riya',
    status: 'solved',
    subject: 'Gift card code shows as already redeemed',
    query: 'I bought a gift card for my brother and he says the code is already redeemed. Neither of us has used it.',
    tag: 'giftcard_redeemed',
    articleName: 'My gift card is not working',
    order: 'GFT5580241',
  },
  {
    id: 'tk_riya_08',
    user: 'riya',
    status: 'closed',
    subject: 'Left my laptop bag in the cab',
    query:
      'I left a black laptop bag on the back seat after being dropped home. It has my office laptop and charger. Please help me contact the driver.',
    tag: 'lost_item',
    articleName: 'I left an item in the cab',
    booking: (b, anchor) => b.trip.status === 'completed' && !b.trip.saas && olderThan(b, anchor, 30),
  },
  {
    id: 'tk_riya_09',
    user: 'riya',
    status: 'closed',
    subject: 'Auto driver did not return change',
    query: 'I paid in cash with a 500 rupee note and the driver left without returning the change.',
    tag: 'cash_change_not_returned',
    articleName: 'The driver did not return my change',
    booking: (b, anchor) =>
      b.trip.saas && b.trip.cab === 'auto' && b.trip.status === 'completed' && olderThan(b, anchor, 12),
  },
  {
    id: 'tk_riya_10',
    user: 'riya',
    status: 'closed',
    subject: 'Driver refused to switch on the AC',
    query: 'The driver refused to switch on the AC on a prime ride and was rude when I asked again.',
    tag: 'driver_behaviour',
    articleName: 'I want to report driver behaviour',
    booking: (b, anchor) => b.trip.status === 'completed' && b.trip.cab === 'prime' && olderThan(b, anchor, 60),
  },
  {
    id: 'tk_arjun_01',
    user: 'arjun',
    status: 'open',
    subject: 'Select member discount not applied to my ride',
    query: 'I have an active Select membership but the member discount was not applied on this ride.',
    tag: 'select_benefit_missing',
    articleName: 'My membership benefits were not applied',
    booking: (b) => b.trip.status === 'completed' && !b.trip.saas,
  },
  {
    id: 'tk_arjun_02',
    user: 'arjun',
    status: 'solved',
    subject: 'Charged a cancellation fee for a Kaali Peeli that never came',
    query: 'The taxi did not arrive even 20 minutes after the promised time, and I was charged for cancelling.',
    tag: 'cancellation_fee',
    articleName: 'I was charged a cancellation fee',
    booking: (b) => b.trip.status === 'cancelled' && b.row.fare > 0,
  },
  {
    id: 'tk_ramesh_01',
    user: 'ramesh',
    status: 'open',
    subject: 'Weekend incentive not credited',
    query: 'I completed 22 trips on Saturday and Sunday but the weekend incentive has not been credited to my account.',
    tag: 'driver_incentive',
    articleName: 'My incentive was not credited',
    daysAgo: 3,
  },
  {
    id: 'tk_ramesh_02',
    user: 'ramesh',
    status: 'solved',
    subject: 'Customer left a bag in my car',
    query: 'A customer left a small bag in the back seat after this trip. Please tell me where I can hand it over.',
    tag: 'driver_lost_item',
    articleName: 'A customer left something in my car',
    booking: (b, anchor) => b.trip.status === 'completed' && olderThan(b, anchor, 5),
  },
];

export function buildTickets(
  rng: Rng,
  anchor: number,
  bookings: readonly SeededBooking[],
  orders: readonly OrdersTable[],
) {
  const used = new Set<string>();
  const latest = anchor - 20 * MINUTE;
  const drafts = TICKETS.map((t) => {
    const u = user(t.user);
    let bookingId: string | null = null;
    let orderId: string | null = null;
    let basis: number;
    if (t.booking) {
      const pick = t.booking;
      const match = bookings
        .filter((b) => b.row.user_id === u.row.id && !used.has(b.row.id) && pick(b, anchor))
        .sort((a, b) => b.trip.enteredAt - a.trip.enteredAt)[0];
      if (!match) throw new Error(`No booking matches seed ticket ${t.id}`);
      used.add(match.row.id);
      bookingId = match.row.id;
      basis = Date.parse(match.row.stop_at ?? match.row.pickup_date);
    } else if (t.order) {
      const order = orders.find((o) => o.id === t.order);
      if (!order) throw new Error(`No order ${t.order} for seed ticket ${t.id}`);
      orderId = order.id;
      basis = Date.parse(order.modified_at);
    } else {
      basis = anchor - (t.daysAgo ?? 1) * DAY;
    }
    const created = Math.min(basis + rng.int(1, 18) * HOUR + rng.int(0, 59) * MINUTE, latest);
    const after =
      t.status === 'open'
        ? rng.chance(0.5)
          ? rng.int(2, 6) * HOUR
          : 0
        : t.status === 'solved'
          ? rng.int(20, 70) * HOUR
          : rng.int(5, 8) * DAY;
    const row: Omit<TicketsTable, 'ticket_id'> = {
      id: t.id,
      user_id: u.row.id,
      status: t.status,
      subject: t.subject,
      query: t.query,
      issue_id: null,
      article_id: null,
      article_name: t.articleName,
      booking_id: bookingId,
      order_id: orderId,
      tag: t.tag,
      source: 'seed',
      email_from: u.row.email,
      idempotency_key: null,
      kind: 'ticket',
      payload: JSON.stringify({
        query: t.query,
        article_name: t.articleName,
        booking_id: bookingId,
        order_id: orderId,
      }),
      source_page: null,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(Math.min(created + after, latest)).toISOString(),
    };
    return row;
  });
  // Ticket numbers grow with creation time, as a help desk assigns them.
  let next = 4_810_231;
  return drafts
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
    .map((row): TicketsTable => {
      const ticket = { ...row, ticket_id: String(next) };
      next += rng.int(40, 900);
      return ticket;
    });
}
