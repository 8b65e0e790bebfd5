import { membershipOf, routes } from '@selfserve/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginPrompt } from '../../../components/login-prompt';
import { MembershipStamp } from '../../../components/membership-stamp';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';

function MembershipStatus() {
  const { t } = useTranslation();
  const { userInfo, userInfoStatus } = useSession();
  if (userInfoStatus === 'pending') return <p>{t('membership.checking')}</p>;
  if (userInfoStatus === 'error' || !userInfo) return <p>{t('membership.unavailable')}</p>;
  const plan = userInfo.active_subscription?.package_name;
  if (membershipOf(userInfo).isMember) {
    return (
      <div data-testid="membership-status" data-member="true">
        <MembershipStamp />
        <p>{t('membership.active')}</p>
        {plan ? <p>{t('membership.plan', { plan })}</p> : null}
      </div>
    );
  }
  return (
    <p data-testid="membership-status" data-member="false">
      {userInfo.is_select && userInfo.is_expired ? t('membership.expired') : t('membership.none')}
    </p>
  );
}

/** /home and /selfServe. Knowledge-base categories join this page with the kb area. */
export function HomePage() {
  const { t } = useTranslation();
  const { user, ukHost } = useSession();
  useDocumentTitle(t('home.title'));

  return (
    <div className="page">
      <p className="greeting">{user ? t('home.greetingNamed', { name: user.name }) : t('home.greeting')}</p>
      <h1>{t('home.heading')}</h1>
      {user ? (
        <div className="card-grid">
          <section className="card" aria-labelledby="home-bookings-heading">
            <h2 id="home-bookings-heading">{t('home.bookingsHeading')}</h2>
            <p>{t('home.bookingsText')}</p>
            <Link to={routes.bookings} className="button">
              {t('home.bookingsLink')}
            </Link>
          </section>
          <section className="card" aria-labelledby="home-membership-heading">
            <h2 id="home-membership-heading">{t('membership.heading')}</h2>
            <MembershipStatus />
          </section>
        </div>
      ) : ukHost ? null : (
        <LoginPrompt loginHref={routes.login} />
      )}
    </div>
  );
}
