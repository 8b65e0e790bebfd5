import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { bookingStatusSchema } from '../src/bookings.ts';
import { rideStatusWordKey, statusWordKey, statusWordKeys } from '../src/status-words.ts';

describe('status words (issue 14)', () => {
  it.each([
    ['COMPLETED', 'completed'],
    ['in progress', 'inProgress'],
    ['In Progress', 'inProgress'],
    ['in_progress', 'inProgress'],
    ['Ongoing', 'ongoing'],
    ['CANCELLED_BY_DRIVER', 'cancelledByDriver'],
    ['cancelled_by_customer', 'cancelledByCustomer'],
    ['canceled', 'cancelled'],
    ['no-driver-found', 'noDriverFound'],
    ['allotment_pending', 'allotmentPending'],
    ['out_for_delivery', 'outForDelivery'],
    ['PICKED_UP', 'pickedUp'],
    ['delivered', 'delivered'],
    ['teleported', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
    ['constructor', 'unknown'],
  ])('%j → %s', (status, key) => {
    expect(statusWordKey(status)).toBe(key);
  });

  it('knows every booking status of the contract', () => {
    for (const status of bookingStatusSchema.options) expect(statusWordKey(status)).not.toBe('unknown');
  });

  it('has an English word for every key, and a key for every word', () => {
    expect(Object.keys(en.status).sort()).toEqual([...statusWordKeys].sort());
  });

  it.each([
    [{ status: 'cancelled', sub_status: 'cancelled_by_driver' }, 'cancelledByDriver'],
    [{ status: 'CANCELLED', sub_status: 'NO_DRIVER_FOUND' }, 'noDriverFound'],
    [{ status: 'cancelled', sub_status: null }, 'cancelled'],
    [{ status: 'cancelled', sub_status: 'allotment_pending' }, 'cancelled'],
    [{ status: 'completed', sub_status: 'cancelled_by_driver' }, 'completed'],
    [{ status: 'pending' }, 'pending'],
  ])('a ride %j reads %s', (ride, key) => {
    expect(rideStatusWordKey(ride)).toBe(key);
  });
});
