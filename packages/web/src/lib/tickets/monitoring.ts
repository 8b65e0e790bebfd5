import { type MonitoringDeviceField, monitoringDeviceFields, ticketPaths } from '@selfserve/contract';
import { ApiError, api } from '../api-client';
import { currentAppVersion } from '../app-version';
import { deviceInfo } from '../device-info';

/** Who is calling, as monitoring wants it (spec core.md §7); what is not known is null. */
export interface MonitoringContext {
  profileCity?: string | null | undefined;
  profileCountry?: string | null | undefined;
  appRequest?: boolean | null | undefined;
  versionId?: string | null | undefined;
}

type EventValue = string | number | boolean | null | undefined;

/** Monitoring is skipped in development (spec §7); a test turns it on with vi.stubEnv('DEV', false). */
export function monitoringEnabled(): boolean {
  return !import.meta.env.DEV;
}

/** POST /api/new-relic/v1/submit: fire-and-forget, never logs anyone out, survives a page change. */
export function submitMonitoringEvent(event: { event_name: string } & Record<string, EventValue>): void {
  if (!monitoringEnabled()) return;
  api.post(ticketPaths.monitoring, withDeviceFields(event), { keepalive: true, quiet: true }).catch(() => {});
}

/**
 * Every event carries all of the spec's device fields (contract monitoringDeviceFields): the device as the browser
 * or host app exposes it, the app version it opened the page with, and the caller's context; null where unknown.
 */
export function withDeviceFields(
  event: { event_name: string } & Record<string, EventValue>,
): { event_name: string } & Record<string, EventValue> {
  const version = currentAppVersion();
  const known: Record<MonitoringDeviceField, EventValue> = {
    versionId: version === null ? null : String(version),
    profileCity: null,
    profileCountry: null,
    appRequest: null,
    ...deviceInfo(),
  };
  const fields = Object.fromEntries(
    monitoringDeviceFields.map((name) => [name, event[name] ?? known[name] ?? null]),
  ) as Record<MonitoringDeviceField, EventValue>;
  return { ...event, ...fields };
}

/**
 * Runs one ticket call and reports its time and outcome: the answer's request_status (or SUCCESS), else the
 * error code and HTTP status. An aborted call (the page went away) reports nothing.
 */
export async function timedTicketCall<T>(
  endpoint: string,
  call: () => Promise<T>,
  context: MonitoringContext = {},
  outcomeOf: (result: T) => string = () => 'SUCCESS',
): Promise<T> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const result = await call();
    submitMonitoringEvent({
      event_name: 'ticket_call',
      endpoint,
      outcome: outcomeOf(result),
      http_status: 200,
      duration_ms: elapsed(),
      ...context,
    });
    return result;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      submitMonitoringEvent({
        event_name: 'ticket_call',
        endpoint,
        outcome: error instanceof ApiError ? error.code : 'ERROR',
        http_status: error instanceof ApiError ? error.status : 0,
        duration_ms: elapsed(),
        ...context,
      });
    }
    throw error;
  }
}
