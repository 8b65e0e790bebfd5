import type { LabelValue } from './one-touch.ts';

// Which call buttons an article shows: read by every article page (app/article-flow-gate.tsx) before any call form
// loads, so this file imports no zod (docs/ssr.md "No zod, no date formatter"); the calls' schemas are in calls.ts.

export type CallAction = 'call_me' | 'call_me_back' | 'call_driver' | 'send_app_link' | 'sd_call_us';

/** The call_type values that offer a call action (docs/telephony.md "Which article offers what"). */
export const CALL_CALL_TYPES = {
  clickToCall: 'click_to_call',
  callBack: 'call_back',
  callDriver: 'call_driver',
  sendAppLink: 'send_app_link',
} as const;

const on = (v: LabelValue | undefined) => v === true || v === 'true' || v === 1 || v === '1';

/**
 * Which call buttons an article shows, from its labels (core.md §3; docs/telephony.md "Which article offers what"):
 * call_type click_to_call → "Call me" and "Call me back"; call_type call_back or the sd_call_us label → "Call me
 * back"; minus_call_back drops "Call me back"; call_type call_driver → "Call driver"; call_type send_app_link → "Send
 * app link"; sd_call_us read in the self-drive app also shows the self-drive support line. The `phone` label is a
 * number the article names (112, a priority line), not a call we place. The call-us master switch hides the calls
 * (not the app link).
 */
export function callActionsFor(
  labels: Record<string, LabelValue>,
  opts: { callUsSwitch?: boolean; selfDrive?: boolean } = {},
): CallAction[] {
  const { callUsSwitch = true, selfDrive = false } = opts;
  const callType = typeof labels.call_type === 'string' ? labels.call_type : null;
  const actions: CallAction[] = [];
  if (callUsSwitch) {
    if (callType === CALL_CALL_TYPES.clickToCall) actions.push('call_me');
    const callBack =
      callType === CALL_CALL_TYPES.clickToCall || callType === CALL_CALL_TYPES.callBack || on(labels.sd_call_us);
    if (callBack && !on(labels.minus_call_back)) actions.push('call_me_back');
    if (callType === CALL_CALL_TYPES.callDriver) actions.push('call_driver');
    if (on(labels.sd_call_us) && selfDrive) actions.push('sd_call_us');
  }
  if (callType === CALL_CALL_TYPES.sendAppLink) actions.push('send_app_link');
  return actions;
}
