import { resolveLocale } from '@selfserve/contract';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { addTrack } from '../../../lib/add-track';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/**
 * Reports each page view (spec §2) with the session's entry mode and the language the page is shown in
 * (docs/telemetry.md). Keyed by history entry so StrictMode's double effect counts once; sent once the session has
 * answered, so the mode is the session's and not the placeholder it starts with.
 */
export function usePageViewTracking(): void {
  const location = useLocation();
  const { status, entryMode } = useSession();
  const { locale } = useI18n();
  const language = resolveLocale(locale);
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (status === 'loading' || lastKey.current === location.key) return;
    lastKey.current = location.key;
    addTrack({
      event: 'page_view',
      page: location.pathname,
      ...(status === 'ready' ? { entry_mode: entryMode } : {}),
      language,
    });
  }, [location.key, location.pathname, status, entryMode, language]);
}
