import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { addTrack } from '../../../lib/add-track';

/** Reports each page view (spec §2). Keyed by history entry so StrictMode's double effect counts once. */
export function usePageViewTracking(): void {
  const location = useLocation();
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    addTrack({ event: 'page_view', page: location.pathname });
  }, [location.key, location.pathname]);
}
