import { ticketPaths } from '@selfserve/contract';
import { ApiError, api } from '../api-client';

/** Who is calling, as monitoring wants it (spec core.md §7); unknown fields are left out. */
export interface MonitoringContext {
  profileCountry?: string | undefined;
  appRequest?: boolean | undefined;
  versionId?: string | undefined;
}

type EventValue = string | number | boolean | null | undefined;

/** Monitoring is skipped in development (spec §7); a test turns it on with vi.stubEnv('DEV', false). */
export function monitoringEnabled(): boolean {
  return !import.meta.env.DEV;
}

/** POST /api/new-relic/v1/submit: fire-and-forget, never logs anyone out, survives a page change. */
export function submitMonitoringEvent(event: { event_name: string } & Record<string, EventValue>): void {
  if (!monitoringEnabled()) return;
  api.post(ticketPaths.monitoring, event, { keepalive: true, quiet: true }).catch(() => {});
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
