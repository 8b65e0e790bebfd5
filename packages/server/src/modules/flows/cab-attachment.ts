import { bdAddressHref, cabAttachmentParams, coded } from '@selfserve/contract';
import { findServedCity, recordLead } from '../cab-attachment/repo.ts';
import { answer, followUpTicket, type Handler, withParams } from '../onetouch/handler-kit.ts';

/**
 * Attach your car (docs/flows/cab-attachment.md). A served city: the user's lead is recorded (once per user and
 * city) and the answer leads to the city's offices (/bd_address). No city and a valid mobile: a call-back ticket
 * (a retry answers the same ticket). A city we do not serve: FAILURE, shown as a popup with its title and message.
 */
const checked = withParams(cabAttachmentParams, async (ctx, params) => {
  if (params.city) {
    const city = await findServedCity(ctx.db, params.city);
    if (!city) {
      const title = coded('sorryBang');
      const said = coded('cabCityNotServed');
      return answer('FAILURE', title, said, {
        error: { status: 'FAILURE', title: title.message, message: said.message },
      });
    }
    await recordLead(ctx.db, ctx.user.id, city.id, params.phone_number ?? null);
    return answer('SUCCESS', coded('cabLeadTitle'), coded('cabLead', { city: city.name }), {
      side_load: { city: city.id, redirect_to: bdAddressHref(city.id) },
    });
  }
  const phone = params.phone_number ?? '';
  const ticket = await followUpTicket(
    ctx,
    'Call back: wants to attach a vehicle',
    `Please call ${phone} about attaching a vehicle; their city is not listed.`,
  );
  return answer('SUCCESS', coded('cabCallbackTitle'), coded('cabCallback', { phone }), {
    ticket_request_id: ticket.ticket_id,
  });
});

/** The spec sends the city and the mobile at the top of the payload (guided-flows.md §3): checked as the flow's params. */
export const cabAttachment: Handler = (ctx) =>
  checked({ ...ctx, body: { ...ctx.body, params: { city: ctx.body.city, phone_number: ctx.body.phone_number } } });
