import { labPaths, TELEPHONY_SECRET_HEADER } from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';

export interface MaskedCall {
  requestId: string;
  crn: string;
  customerPhone: string;
  driverPhone: string | null;
  /**
   * Where the provider reports whether the call connected ({ request_id, connected }): a plain call to the driver
   * (driver details). Absent for a lost-item call, which the driver's answer follows (the left-belonging callbacks).
   */
  resultPath?: string;
}

/** A telephony provider: it connects customer and driver without showing either number. */
export interface Telephony {
  startMaskedCall(call: MaskedCall): void;
}

/**
 * The demo's provider: it "calls" and then reports back through the same authenticated callbacks a
 * real provider would use. The outcome follows the CRN's last digit, so every path can be tried:
 * 0–5 driver found the item, 6–7 not found, 8 the call does not connect, 9 a blocker (driver on a trip). A plain
 * call to the driver connects unless the digit is 8 or 9.
 */
export function simulatedTelephony(app: FastifyInstance, secret: string, delayMs: number): Telephony {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, headers: { [TELEPHONY_SECRET_HEADER]: secret } }).then((res) => {
      if (res.statusCode >= 400) app.log.warn({ url, status: res.statusCode }, 'telephony simulator: callback refused');
    });
  const later = (ms: number, fn: () => Promise<void>) => {
    const timer = setTimeout(() => void fn().catch((err) => app.log.error({ err }, 'telephony simulator failed')), ms);
    timer.unref();
  };
  return {
    startMaskedCall({ requestId, crn, resultPath }) {
      const digit = Number(crn.at(-1) ?? '0');
      later(delayMs, async () => {
        if (resultPath) return post(resultPath, { request_id: requestId, connected: digit !== 8 && digit !== 9 });
        if (digit === 9)
          return post(labPaths.blockerCallback, {
            request_id: requestId,
            reason: 'The driver is on a trip and cannot talk now.',
          });
        await post(labPaths.callSuccessResult, { request_id: requestId, connected: digit !== 8 });
        if (digit === 8) return;
        await post(labPaths.partnerSubmitResult, {
          request_id: requestId,
          found: digit <= 5,
          note: digit <= 5 ? 'Found it on the back seat. I can drop it at the pick-up point this evening.' : '',
        });
      });
    },
  };
}
