import { apiPaths, type TrackEvent } from '@selfserve/contract';
import { api } from './api-client';

/** Fire-and-forget analytics: never throws, never logs anyone out, survives page unloads. */
export function addTrack(event: TrackEvent): void {
  api.post(apiPaths.addTrack, event, { keepalive: true, quiet: true }).catch(() => {});
}
