import { type ClickToCallValue, readClickToCallValue } from '@selfserve/contract';

/** What the page that placed a click-to-call hands /overlay in the history state. */
export interface OverlayState {
  value: ClickToCallValue;
  /** the answer's sentence in the reader's language */
  text: string;
  /** where the call was asked from: after INVALID_TOKEN that page is loaded afresh */
  from: string;
}

/** The overlay's state as it arrived; opened directly (no state), it shows the generic FAILURE. */
export function readOverlayState(state: unknown): Partial<OverlayState> & { value: 'FAILURE' | 'INVALID_TOKEN' } {
  const s = (typeof state === 'object' && state !== null ? state : {}) as Record<string, unknown>;
  const value = readClickToCallValue(s.value) === 'INVALID_TOKEN' ? 'INVALID_TOKEN' : 'FAILURE';
  return {
    value,
    ...(typeof s.text === 'string' && s.text ? { text: s.text } : {}),
    // Only a path of this site: the state is ours, but a path keeps a crafted one from leaving the site.
    ...(typeof s.from === 'string' && s.from.startsWith('/') && !s.from.startsWith('//') ? { from: s.from } : {}),
  };
}
