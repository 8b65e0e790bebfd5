import { isSharePassPopup } from '@selfserve/contract';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { usePageViewTracking } from '../../features/telemetry/hooks/use-page-view-tracking';
import { useSession } from '../../lib/session';
import { Header } from './header';

/**
 * Header, side menu and the page; the first page ships only this plus the route it lands on. A share-pass popup
 * (core.md §2) opens over a page that has its own header, so it shows the page alone.
 */
export function AppShell() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { entryMode } = useSession();
  const { pathname, search } = useLocation();
  const popup = isSharePassPopup({ entryMode, pathname, search });
  usePageViewTracking();
  return (
    <>
      {popup ? null : (
        <>
          <a className="skip-link" href="#main">
            {t('common.skipToContent')}
          </a>
          <Header />
        </>
      )}
      {navigation.state === 'loading' ? <div className="route-progress" aria-hidden="true" /> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
