import { chromeFor, isSharePassPopup } from '@selfserve/contract';
import { useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { usePageViewTracking } from '../../features/telemetry/hooks/use-page-view-tracking';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { Header } from './header';
import { useFocusOnNavigation } from './use-focus-on-navigation';

/**
 * Header, side menu and the page; the first page ships only this plus the route it lands on. What chrome shows is
 * the entry mode's (contract entryModes, docs/embedding.md): a share-pass popup (core.md §2) opens over a page that
 * has its own header, so it shows the page alone.
 */
export function AppShell() {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { entryMode, inApp } = useSession();
  const { pathname, search } = useLocation();
  const chrome = chromeFor({ entryMode, inApp, popup: isSharePassPopup({ entryMode, pathname, search }) });
  usePageViewTracking();
  const main = useRef<HTMLElement>(null);
  // After a page change focus goes to the new page's h1; the live region speaks only when there is none.
  const announcement = useFocusOnNavigation(main);
  return (
    <>
      {chrome.header ? (
        <>
          <a className="skip-link" href="#main">
            {t('common.skipToContent')}
          </a>
          <Header chrome={chrome} />
        </>
      ) : null}
      {navigation.state === 'loading' ? <div className="route-progress" aria-hidden="true" /> : null}
      <main id="main" tabIndex={-1} ref={main}>
        <Outlet />
      </main>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="route-announcer">
        {announcement}
      </div>
    </>
  );
}
