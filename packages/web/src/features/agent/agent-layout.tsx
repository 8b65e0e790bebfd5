import { routes } from '@selfserve/contract';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { Loader } from '../../components/loader';
import { useI18n } from '../../lib/i18n';
import { loginHref } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useAgentMe } from './api/get-me';
import { sectionsFor } from './nav';
import './agent.css';

/**
 * Every page of the agent console sits in this layout (docs/agent.md): a visitor is sent to sign in and comes back,
 * a rider or driver is told the console is for support staff (the server refuses their calls anyway), staff get the
 * sections their role may use.
 */
export function AgentLayout() {
  const { t } = useI18n();
  const { user, status } = useSession();
  const location = useLocation();
  const me = useAgentMe(user?.staff_role ? user.id : undefined);

  if (status === 'loading') return <Loader fullPage />;
  if (!user) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  if (!user.staff_role) {
    return (
      <section className="page page--narrow agent-denied">
        <h1>{t('agent.title')}</h1>
        <p role="alert">{t('agent.staffOnly')}</p>
        <p>
          <NavLink to={routes.home}>{t('common.homeLink')}</NavLink>
        </p>
      </section>
    );
  }
  if (me.isPending) return <Loader fullPage />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;

  const queue = me.data.countries === null ? t('agent.queueAll') : me.data.countries.join(', ');
  return (
    <div className="agent-console">
      <header className="agent-console__bar">
        <p className="agent-console__title">{t('agent.title')}</p>
        <p className="agent-console__who" data-testid="agent-who">
          {t(me.data.staff_role === 'admin' ? 'agent.roleAdmin' : 'agent.roleAgent')} · {t('agent.queue', { queue })}
        </p>
        <nav aria-label={t('agent.navLabel')}>
          <ul className="agent-console__nav">
            {sectionsFor(me.data.staff_role).map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>{t(section.label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="agent-console__page">
        <Outlet context={me.data} />
      </div>
    </div>
  );
}

/** /agent opens the first section the role has (the ticket inbox). */
export function AgentHome() {
  const { user } = useSession();
  const first = sectionsFor(user?.staff_role === 'admin' ? 'admin' : 'agent')[0];
  return first ? <Navigate to={first.to} replace /> : null;
}
