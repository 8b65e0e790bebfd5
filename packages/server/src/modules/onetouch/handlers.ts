import { coded } from '@selfserve/contract';
import { flowHandlers } from '../flows/registry.ts';
import { answer, followUpTicket, type Handler } from './handler-kit.ts';

/** Any other one-touch request promises follow-up: a ticket, and the rating afterwards. */
const ticketRequest: Handler = async (ctx) => {
  const t = await followUpTicket(ctx, ctx.article.title);
  if (t.request_status === 'OPEN_TICKET_PRESENT') {
    return answer('NOIMAGE', coded('requestAlreadyReceived'), coded('ticketAlreadyOpen'), {
      ticket_request_id: t.ticket_id,
    });
  }
  return answer('SUCCESS', coded('requestReceived'), coded('ticketSuccess'), {
    ticket_request_id: t.ticket_id,
    csat_required: true,
  });
};

/** The submit's handler: the flow registered for its call_type, else a ticket request. */
export function handlerFor(callType: string): Handler {
  return flowHandlers[callType] ?? ticketRequest;
}
