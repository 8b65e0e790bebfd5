import { callUsHref, type OneTouchResult } from '@selfserve/contract';

/**
 * The result dialog's answer, kept in its own history entry while the user follows its Call us link (issue 17 item
 * 3): going back from /callUs shows the same answer again instead of a fresh form. It lives in that entry's state
 * (React Router reads `history.state.usr` as the location's state when the user comes back), so nothing global
 * holds it and a new visit of the article starts clean. Back in the dialog forgets it.
 */
const KEY = 'keptOneTouchResult';

interface HistoryState {
  usr?: Record<string, unknown> | null;
  [key: string]: unknown;
}

function rewriteUsr(change: (usr: Record<string, unknown>) => Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const state = (window.history.state ?? {}) as HistoryState;
  const usr = change({ ...(state.usr ?? {}) });
  window.history.replaceState({ ...state, usr }, '');
}

/** Keeps the answer in the current history entry (just before leaving it for /callUs). */
export function keepResultForReturn(result: OneTouchResult): void {
  rewriteUsr((usr) => ({ ...usr, [KEY]: result }));
}

/** Forgets a kept answer: the user closed the dialog. */
export function forgetKeptResult(): void {
  if (typeof window === 'undefined') return;
  const usr = (window.history.state as HistoryState | null)?.usr;
  if (!usr || !(KEY in usr)) return;
  rewriteUsr(({ [KEY]: _kept, ...rest }) => rest);
}

/** The answer this history entry kept, if any (the location's state when the user came back). */
export function keptResult(locationState: unknown): OneTouchResult | null {
  if (typeof locationState !== 'object' || locationState === null) return null;
  const kept = (locationState as Record<string, unknown>)[KEY];
  return typeof kept === 'object' && kept !== null ? (kept as OneTouchResult) : null;
}

/** The result dialog's Call us link: /callUs about the article and ride, keeping the answer for the way back. */
export function callUsLink(result: OneTouchResult, articleId: string, bookingId: string | null) {
  return { to: callUsHref({ articleId, bookingId }), onClick: () => keepResultForReturn(result) };
}
