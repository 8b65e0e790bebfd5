// Zod-free: the calls' paths, for the lazy pages and the server (the /overlay page's path is in area-routes.ts).

/**
 * Calls the help centre places through the telephony provider (core.md §4, §7, §8; docs/telephony.md): click-to-call,
 * a call-back request, the masked rider ↔ driver call, the driver's side of a lost item, the self-drive support line
 * and the app link by SMS. Paths exactly as the spec names them.
 */
export const callPaths = {
  clickToCall: '/api/click2call',
  callback: '/api/callus/trigger/lsp_callback',
  maskedCall: '/api/gupshup/call',
  partnerLabCall: '/api/gupshup/call_partner_lab',
  sdCallUs: '/api/callus/getSdCallUs',
  sendAppLink: '/api/send_app_link',
} as const;
