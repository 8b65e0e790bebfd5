import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { usePageViewTracking } from '../../features/telemetry/hooks/use-page-view-tracking';
import { Header } from './header';

/** Header, side menu and the page; the first page ships only this plus the route it lands on. */
export function AppShell() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  usePageViewTracking();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      {navigation.state === 'loading' ? <div className="route-progress" aria-hidden="true" /> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
