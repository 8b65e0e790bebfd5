import { unmatchedRouteTarget } from '@selfserve/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotFound } from '../components/article-not-found';
import { Loader } from '../components/loader';
import { canGoBack } from '../lib/history';
import { useI18n } from '../lib/i18n';
import { useSession } from '../lib/session';

/** Spec §2: an unknown route goes back, else to /main (signed in) or /home. */
export function UnmatchedRoute() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useI18n();
  const { user, status } = useSession();
  const target = unmatchedRouteTarget({ canGoBack: canGoBack(), loggedIn: Boolean(user) });
  // Until an area claims the fallback route it is itself unmatched; stop instead of redirecting in a loop.
  const deadEnd = target === pathname;

  useEffect(() => {
    if (status === 'loading' || deadEnd) return;
    if (target === 'back') void navigate(-1);
    else void navigate(target, { replace: true });
  }, [status, deadEnd, target, navigate]);

  if (deadEnd) return <NotFound title={t('NOT_FOUND')} />;
  return <Loader fullPage />;
}
