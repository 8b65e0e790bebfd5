import type { Viewer } from '@selfserve/contract';
import type { SessionState } from '../session';

export type ViewerSource = Pick<SessionState, 'user' | 'inApp' | 'isMember' | 'userInfo' | 'autorenew'>;

/**
 * The audience of spec §6 as the browser knows it. The server has already filtered every tree, so where
 * the browser cannot know a flag it picks the value that hides nothing: auto-renewal until
 * get_select_details answers, and the drivers' call-request permission (never sent to the browser).
 */
export function kbViewerOf(session: ViewerSource): Viewer {
  const type = session.isMember ? (session.userInfo?.membership_type ?? null) : null;
  return {
    isMember: session.isMember,
    isPaidMember: type === 'paid',
    isTrial: type === 'trial',
    autorenew: session.autorenew ?? true,
    desktop: !session.inApp,
    isDriver: session.user?.role === 'driver',
    callRequestsAllowed: true,
  };
}
