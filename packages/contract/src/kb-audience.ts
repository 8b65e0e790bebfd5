import type { CategoryNode } from './kb.ts';
import { CANCELING_MEMBERSHIP_TITLE, MANAGING_MEMBERSHIP_TITLE } from './kb-paths.ts';

export interface Viewer {
  /** membershipOf(...).isMember */
  isMember: boolean;
  /** A member on a paid (not trial) subscription. */
  isPaidMember: boolean;
  isTrial: boolean;
  autorenew: boolean;
  /** The desktop website (not the app WebView). */
  desktop: boolean;
  isDriver: boolean;
  /** Drivers only: whether this partner may request calls (whitelisted category). */
  callRequestsAllowed: boolean;
}

export const anonymousViewer: Viewer = {
  isMember: false,
  isPaidMember: false,
  isTrial: false,
  autorenew: false,
  desktop: true,
  isDriver: false,
  callRequestsAllowed: false,
};

function hidden(node: CategoryNode, viewer: Viewer): boolean {
  const tags = node.label_names;
  if (viewer.desktop && tags.includes('hide_desktop')) return true;
  if (!viewer.isPaidMember && (node.title === MANAGING_MEMBERSHIP_TITLE || tags.includes('select_paid_members'))) {
    return true;
  }
  if (viewer.isTrial && !viewer.autorenew && node.title === CANCELING_MEMBERSHIP_TITLE) return true;
  return false;
}

/**
 * Audience rules of spec core.md §6 over a category tree, applied by the server and again by the
 * web app: non-members lose the first (membership) category; 'Managing My Membership' only for paid
 * members; 'Canceling my membership' not for trial members without auto-renew; hide_desktop skipped
 * on desktop; driver trees drop the whitelisted category unless call requests are allowed.
 */
export function visibleCategories(
  categories: CategoryNode[],
  viewer: Viewer,
  whitelistedIds: ReadonlySet<string> = new Set(),
): CategoryNode[] {
  let top = categories;
  const first = top[0];
  if (!viewer.isMember && first && first.label_names.includes('select_members')) top = top.slice(1);
  if (viewer.isDriver && !viewer.callRequestsAllowed) top = top.filter((c) => !whitelistedIds.has(c.id));
  const prune = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes.filter((n) => !hidden(n, viewer)).map((n) => ({ ...n, articles: prune(n.articles) }));
  return prune(top);
}

/** Whether one node may be opened directly by this viewer (the same rules as the tree). */
export function isVisibleTo(node: CategoryNode, path: CategoryNode[], viewer: Viewer): boolean {
  return [...path, node].every(
    (n) => !hidden(n, viewer) && (viewer.isMember || !n.label_names.includes('select_members')),
  );
}
