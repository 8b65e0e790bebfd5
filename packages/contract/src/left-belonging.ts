import { z } from 'zod';
import { messageParamsSchema } from './message-params.ts';

/** Left-a-belonging (core.md §7): the calls, under one prefix. */
export const labPaths = {
  customerConfirm: '/api/left_belonging/customer_confirm',
  formEnableCheck: '/api/left_belonging/lab_form_enable_check',
  callSuccessResult: '/api/left_belonging/call_success_result',
  partnerSubmitResult: '/api/left_belonging/partner_submit_result',
  checkAlreadyRaised: '/api/left_belonging/check_already_raise_request',
  driverCustomerConfirmation: '/api/left_belonging/driver_customer_confirmation',
  blockerCallback: '/api/left_belonging/blocker_callback',
} as const;

/** Rides newer than this may use the lost-item form; older ones go to write-to-us. */
export const LAB_WINDOW_DAYS = 7;
export const TELEPHONY_SECRET_HEADER = 'x-telephony-secret';

export const labStateSchema = z.enum([
  'calling_driver',
  'awaiting_driver',
  'driver_found',
  'not_found',
  'driver_unreachable',
  'resolved',
]);
export type LabState = z.infer<typeof labStateSchema>;

export const labBookingQuerySchema = z.object({ booking_id: z.string().max(64) });

/** Polling answer: inprogress until the driver's side is known, then done with what to show (core.md §4). */
export const labStatusResponseSchema = z.object({
  status: z.enum(['inprogress', 'done']),
  state: labStateSchema.nullable(),
  message: z.string(),
  /** the message's catalogue code and parameters (messages.ts) */
  code: z.string(),
  params: messageParamsSchema.optional(),
  side_load: z.object({
    showCustomerConfirm: z.boolean(),
    showButton: z.boolean(),
    alreadyRaisedTicket: z.boolean(),
    showRaiseTicketScreen: z.boolean(),
  }),
  ticket_id: z.string().nullable(),
});
export type LabStatusResponse = z.infer<typeof labStatusResponseSchema>;

export const labFormEnableResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  enabled: z.boolean(),
  reason: z.string().nullable(),
  /** the reason's catalogue code and parameters (messages.ts) */
  reason_code: z.string().nullable(),
  params: messageParamsSchema.optional(),
});
export type LabFormEnableResponse = z.infer<typeof labFormEnableResponseSchema>;

export const labCallResultSchema = z.object({ request_id: z.string().max(64), connected: z.boolean() });
export const labPartnerResultSchema = z.object({
  request_id: z.string().max(64),
  found: z.boolean(),
  note: z.string().max(500).default(''),
});
export const labBlockerSchema = z.object({ request_id: z.string().max(64), reason: z.string().max(200) });
export const labCustomerDecisionSchema = z.object({
  booking_id: z.string().max(64),
  /** the customer agrees the pick-up the driver proposed, or asks for a ticket instead */
  decision: z.enum(['confirm_pickup', 'raise_ticket']),
});

/** Whether the polling can stop: the side_load shows one of the four screens (core.md §4). */
export function labPollingDone(sideLoad: LabStatusResponse['side_load']): boolean {
  return (
    sideLoad.showCustomerConfirm ||
    sideLoad.showButton ||
    sideLoad.alreadyRaisedTicket ||
    sideLoad.showRaiseTicketScreen
  );
}
