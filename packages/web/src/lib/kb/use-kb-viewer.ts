import { type CategoryNode, type Viewer, visibleCategories } from '@selfserve/contract';
import { useMemo } from 'react';
import { useSession } from '../session';
import { kbViewerOf } from './viewer';

export function useKbViewer(): Viewer {
  const { user, inApp, isMember, userInfo, autorenew } = useSession();
  return useMemo(
    () => kbViewerOf({ user, inApp, isMember, userInfo, autorenew }),
    [user, inApp, isMember, userInfo, autorenew],
  );
}

/**
 * The contract's audience rules over a tree the server already filtered (spec §6; applying them twice
 * changes nothing). Until get_user_info answers a signed-in user's membership is unknown, and judging
 * early would drop the members' category for a moment: `ready` is false until then.
 */
export function useVisibleCategories(categories: CategoryNode[] | undefined): {
  categories: CategoryNode[];
  ready: boolean;
} {
  const { user, userInfoStatus } = useSession();
  const viewer = useKbViewer();
  const ready = categories !== undefined && (!user || userInfoStatus !== 'pending');
  const visible = useMemo(
    () => (categories && ready ? visibleCategories(categories, viewer) : []),
    [categories, ready, viewer],
  );
  return { categories: visible, ready };
}
