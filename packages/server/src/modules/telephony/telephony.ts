import { labPaths, TELEPHONY_SECRET_HEADER } from '@selfserve/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The ONE telephony adapter (DESIGN.md "Outside services behind adapters"; docs/telephony.md): every call or text the
 * help centre asks for goes through a `Telephony`. Three implementations: `httpTelephony` (a provider configured by
 * TELEPHONY_PROVIDER_URL + TELEPHONY_API_KEY), `simulatedTelephony` (demo mode and tests: deterministic outcomes, and
 * the same authenticated callbacks a provider would post), and none at all (deps.telephony null: every call answers
 * that calling is unavailable, never a pretend call).
 */

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

/** A call between the user and support: click-to-call (ring now) or a call-back request (ring when an agent is free). */
export interface SupportCall {
  requestId: string;
  userId: string;
  /** the user's registered number (E.164) */
  phone: string;
  country: string;
  /** the booking the call is about, when there is one (the agent sees it; the simulator reads its last digit) */
  crn: string | null;
  articleId: string | null;
}

/** The provider's word on a click-to-call; the route maps it to the spec's values (core.md §4). */
export type ClickToCallOutcome = 'ringing' | 'no_network' | 'not_answered' | 'invalid_number' | 'error';

/** A call-back request: listed, or refused (with the provider's reason when it gives one we know). */
export type CallbackOutcome = { ok: true } | { ok: false; reason: 'queue_full' | null };

/** Two people connected now without either seeing the other's number. */
export interface BridgeCall {
  requestId: string;
  kind: 'rider_driver' | 'partner_lab';
  crn: string;
  /** who asked (rung first) and whom they reach */
  callerPhone: string;
  calleePhone: string;
}
export type BridgeOutcome = 'ringing' | 'failed' | 'error';

export interface Sms {
  requestId: string;
  to: string;
  text: string;
}
export type SmsOutcome = 'sent' | 'failed' | 'error';

/** A telephony provider: it connects people without showing their numbers, rings users and sends texts. */
export interface Telephony {
  /** customer ↔ driver for a lost item or the driver details' call; the outcome comes back by callback */
  startMaskedCall(call: MaskedCall): void;
  /** click-to-call: ring the user now, then connect support */
  clickToCall(call: SupportCall): Promise<ClickToCallOutcome>;
  /** put the user on the call-back list */
  requestCallback(call: SupportCall): Promise<CallbackOutcome>;
  /** connect two people now, masked (rider ↔ driver, driver → customer of a lost item) */
  bridge(call: BridgeCall): Promise<BridgeOutcome>;
  /** send a text (the app link) */
  sendSms(sms: Sms): Promise<SmsOutcome>;
}

const lastDigit = (s: string | null | undefined) => {
  const d = (s ?? '').replace(/\D/g, '').at(-1);
  return d === undefined ? 0 : Number(d);
};

/**
 * The demo's provider (docs/telephony.md "Simulator"): it "calls" and then reports back through the same authenticated
 * callbacks a real provider would use. Outcomes are deterministic so every path can be tried:
 * - masked call (lost item) by the CRN's last digit: 0–5 driver found the item, 6–7 not found, 8 the call does not
 *   connect, 9 a blocker (driver on a trip). A plain call to the driver connects unless the digit is 8 or 9.
 * - click-to-call, by the last digit of the booking's CRN (else of the user's number): 0–5 ringing, 6 no network,
 *   7 not answered, 8 provider error, 9 invalid number.
 * - call-back, by the same digit: 8 refused (queue full), 9 refused without a reason, otherwise listed.
 * - bridge (rider ↔ driver, driver → customer), by the CRN's last digit: 8 fails, otherwise ringing.
 * - SMS: fails when the number ends in 0, otherwise sent.
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
  const supportDigit = (call: SupportCall) => lastDigit(call.crn ?? call.phone);
  return {
    startMaskedCall({ requestId, crn, resultPath }) {
      const digit = lastDigit(crn);
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
    async clickToCall(call) {
      const outcomes: ClickToCallOutcome[] = ['no_network', 'not_answered', 'error', 'invalid_number'];
      const digit = supportDigit(call);
      return digit <= 5 ? 'ringing' : (outcomes[digit - 6] ?? 'error');
    },
    async requestCallback(call) {
      const digit = supportDigit(call);
      if (digit === 8) return { ok: false, reason: 'queue_full' };
      if (digit === 9) return { ok: false, reason: null };
      return { ok: true };
    },
    async bridge(call) {
      return lastDigit(call.crn) === 8 ? 'failed' : 'ringing';
    },
    async sendSms(sms) {
      return lastDigit(sms.to) === 0 ? 'failed' : 'sent';
    },
  };
}

export interface HttpTelephonyOptions {
  /** the provider's API base, e.g. https://telephony.example.com/v1 */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** our public origin, where the provider posts its callbacks (PUBLIC_URL) */
  callbackBase: string | undefined;
  log: FastifyBaseLogger;
  /** injectable for tests */
  fetch?: typeof fetch;
}

/**
 * A real provider over HTTP (docs/telephony.md "Provider API"): JSON posts to `${baseUrl}/<operation>` with a bearer
 * key and a timeout; the answer's `outcome` is read against the operation's known values, anything else (a timeout, a
 * refused connection, a 5xx, an unknown word) is `error`. Numbers are sent to the provider only, never logged.
 */
export function httpTelephony(opts: HttpTelephonyOptions): Telephony {
  const doFetch = opts.fetch ?? fetch;
  async function call(operation: string, body: object): Promise<{ outcome?: unknown; reason?: unknown } | null> {
    try {
      const res = await doFetch(`${opts.baseUrl.replace(/\/$/, '')}/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.apiKey}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) {
        opts.log.warn({ operation, status: res.status }, 'telephony provider refused the request');
        return null;
      }
      const json = (await res.json().catch(() => null)) as { outcome?: unknown; reason?: unknown } | null;
      return json && typeof json === 'object' ? json : null;
    } catch (err) {
      opts.log.warn({ operation, err: (err as Error).name }, 'telephony provider unreachable');
      return null;
    }
  }
  const known = <T extends string>(value: unknown, values: readonly T[], fallback: T): T =>
    values.includes(value as T) ? (value as T) : fallback;
  const callback = (path: string) => (opts.callbackBase ? `${opts.callbackBase}${path}` : path);

  return {
    startMaskedCall(masked) {
      // The outcome comes back through our authenticated callbacks (x-telephony-secret), not in this answer.
      void call('masked-calls', {
        request_id: masked.requestId,
        crn: masked.crn,
        from: masked.customerPhone,
        to: masked.driverPhone,
        callbacks: masked.resultPath
          ? { result: callback(masked.resultPath) }
          : {
              call_result: callback(labPaths.callSuccessResult),
              partner_result: callback(labPaths.partnerSubmitResult),
              blocker: callback(labPaths.blockerCallback),
            },
      });
    },
    async clickToCall(c) {
      const answer = await call('click-to-call', {
        request_id: c.requestId,
        to: c.phone,
        country: c.country,
        crn: c.crn,
        article_id: c.articleId,
      });
      return known(
        answer?.outcome,
        ['ringing', 'no_network', 'not_answered', 'invalid_number', 'error'] as const,
        'error',
      );
    },
    async requestCallback(c) {
      const answer = await call('callbacks', {
        request_id: c.requestId,
        to: c.phone,
        country: c.country,
        crn: c.crn,
        article_id: c.articleId,
      });
      if (answer?.outcome === 'queued') return { ok: true };
      return { ok: false, reason: answer?.reason === 'queue_full' ? 'queue_full' : null };
    },
    async bridge(b) {
      const answer = await call('bridge', {
        request_id: b.requestId,
        kind: b.kind,
        crn: b.crn,
        from: b.callerPhone,
        to: b.calleePhone,
      });
      return known(answer?.outcome, ['ringing', 'failed', 'error'] as const, 'error');
    },
    async sendSms(sms) {
      const answer = await call('sms', { request_id: sms.requestId, to: sms.to, text: sms.text });
      return known(answer?.outcome, ['sent', 'failed', 'error'] as const, 'error');
    },
  };
}
