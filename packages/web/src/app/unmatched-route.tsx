import { unmatchedRouteTarget } from '@selfserve/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NotFound } from '../components/article-not-found';
import { Loader } from '../components/loader';
import { useSession } from '../lib/session';

/** React Router's browser history numbers its entries; idx > 0 means there is a page to go back to. */
export function canGoBack(): boolean {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' && idx > 0;
}

/** Spec §2: an unknown route goes back, else to /main (signed in) or /home. */
export function UnmatchedRoute() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const { user, status } = useSession();
  const target = unmatchedRouteTarget({ canGoBack: canGoBack(), loggedIn: Boolean(user) });
  // Until an area claims the fallback route it is itself unmatched; stop instead of redirecting in a loop.
  const deadEnd = target === pathname;

  useEffect(() => {
    if (status === 'loading' || deadEnd) return;
    if (target === 'back') void navigate(-1);
    else void navigate(target, { replace: true });
  }, [status, deadEnd, target, navigate]);

  if (deadEnd) return <NotFound title={t('notFound')} />;
  return <Loader fullPage />;
}
