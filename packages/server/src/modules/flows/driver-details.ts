import {
  coded,
  DRIVER_DETAILS_WINDOW_HOURS,
  driverDetailsOpen,
  SHOW_DRIVER_DETAILS,
  splitDriverName,
} from '@selfserve/contract';
import { AppError } from '../../lib/app-error.ts';
import { answer, type Handler, needBooking } from '../onetouch/handler-kit.ts';

/**
 * Driver details (docs/flows/driver-details.md): the submit of a lost-item article (cab_belonging) that asks
 * 'show_driver_details' answers who drove the user's ride and in which car, while the ride is on and for
 * DRIVER_DETAILS_WINDOW_HOURS after it ended. Never the driver's phone: the call button goes through the provider.
 * Anything else submitted for cab_belonging is refused (its lost-item form has calls of its own).
 */
export const driverDetails: Handler = async (ctx) => {
  if (ctx.body.reason_submitted !== SHOW_DRIVER_DETAILS) {
    throw new AppError('VALIDATION_FAILED', coded('driverDetailsOnly'));
  }
  const booking = needBooking(ctx.booking);
  const unavailable = coded('driverDetailsUnavailableTitle');
  if (!booking.driver_name) return answer('FAILURE', unavailable, coded('driverDetailsNoDriver'));
  if (!driverDetailsOpen(booking)) {
    return answer('FAILURE', unavailable, coded('driverDetailsClosed', { hours: DRIVER_DETAILS_WINDOW_HOURS }));
  }
  const name = splitDriverName(booking.driver_name);
  return answer('SUCCESS', coded('driverDetailsTitle'), coded('driverDetailsShown', { crn: booking.crn }), {
    driver_first_name: name.first,
    driver_last_name: name.last,
    car_model: booking.car_model,
    car_number: booking.car_number,
  });
};
