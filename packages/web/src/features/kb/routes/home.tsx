import {
  type ArticleSummary,
  driverRoutes,
  membershipOf,
  offersBookings,
  routes,
  seesRiderCards,
} from '@selfserve/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CategoryBrowser } from '../../../components/category-browser';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { LoginPrompt } from '../../../components/login-prompt';
import { MembershipStamp } from '../../../components/membership-stamp';
import { useI18n } from '../../../lib/i18n';
import { useKbMeta } from '../../../lib/kb/get-kb-meta';
import { nodeHref, sectionHref } from '../../../lib/kb/paths';
import { useVisibleCategories } from '../../../lib/kb/use-kb-viewer';
import { setSelectedBooking } from '../../../lib/selected-booking';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/kb.css';
import { rememberNode, selectCategory } from '../../../lib/kb/kb-selection';

function MembershipStatus() {
  const { t } = useI18n();
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

/** Sections open by their id (/section/{id}, shareable; issue 14), articles on their own page. */
const childHref = (child: ArticleSummary) => nodeHref(child);

/**
 * The main category list of the knowledge base, first category preselected (spec §2 /home). What follows it on the
 * page (`after`) shows once the list is in place, so it never jumps down when the categories arrive.
 */
export function HomeCategories({ after = null }: { after?: ReactNode }) {
  const meta = useKbMeta();
  const { categories, ready } = useVisibleCategories(meta.data?.data);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectedId = categories.find((c) => c.id === chosen)?.id ?? categories[0]?.id ?? '';

  useEffect(() => {
    // /section shows the selected category; the preselected first one counts as selected.
    if (selectedId) selectCategory(selectedId);
  }, [selectedId]);

  if (meta.isError) {
    return (
      <>
        <ErrorState error={meta.error} onRetry={() => void meta.refetch()} />
        {after}
      </>
    );
  }
  if (!ready) return <Loader />;
  return (
    <>
      <CategoryBrowser
        categories={categories}
        selectedId={selectedId}
        onSelect={(category) => setChosen(category.id)}
        childHref={childHref}
        onOpenChild={rememberNode}
        seeAllHref={selectedId ? sectionHref(selectedId) : undefined}
      />
      {after}
    </>
  );
}

/** /home and /selfServe: the knowledge-base home, with the signed-in user's cards below it. */
export function HomePage() {
  const { t } = useI18n();
  const { user, ukHost, entryMode } = useSession();
  useDocumentTitle(t('home.title'));
  const at = { role: user?.role, entryMode };
  // Partners' homes (docs/driver.md "Who lands where"): the operator app's /report and a food-delivery rider's /home
  // name whom they are for; both offer the partner's tickets, neither a customer's booking list.
  const operator = entryMode === 'operator_app';
  const foodRider = user?.role === 'food_delivery_rider';
  const partnerLead = operator ? 'partnerHomes.operator.lead' : foodRider ? 'partnerHomes.foodRider.lead' : null;

  useEffect(() => {
    // Spec §2: the home page clears the selected booking; its help is general again.
    setSelectedBooking(null);
  }, []);

  return (
    <div className="page">
      <p className="greeting">{user ? t('home.greetingNamed', { name: user.name }) : t('home.greeting')}</p>
      <h1>{operator ? t('partnerHomes.operator.heading') : t('home.heading')}</h1>
      {partnerLead ? (
        <p className="home-lead" data-testid="partner-home-lead">
          {t(partnerLead)}
        </p>
      ) : null}
      <HomeCategories
        after={
          user ? (
            <div className="card-grid home-cards">
              {/* Offered only to those who may open it: food-delivery riders cannot list bookings (core.md §6). */}
              {offersBookings(at) && !operator ? (
                <section className="card" aria-labelledby="home-bookings-heading" data-testid="home-bookings">
                  <h2 id="home-bookings-heading">{t('home.bookingsHeading')}</h2>
                  <p>{t('home.bookingsText')}</p>
                  <Link to={routes.bookings} className="button">
                    {t('home.bookingsLink')}
                  </Link>
                </section>
              ) : null}
              {/* A driver's trips, each with its earning statement (docs/driver.md). */}
              {user.role === 'driver' ? (
                <section className="card" aria-labelledby="home-trips-heading" data-testid="home-driver-trips">
                  <h2 id="home-trips-heading">{t('driver.home.ridesHeading')}</h2>
                  <p>{t('driver.home.ridesText')}</p>
                  <Link to={driverRoutes.rides} className="button">
                    {t('driver.home.ridesLink')}
                  </Link>{' '}
                  {/* What the trips earned, by day, week or month (docs/driver.md "Earnings"). */}
                  <Link to={driverRoutes.earnings} className="button button--secondary">
                    {t('earnings.link')}
                  </Link>
                </section>
              ) : null}
              {operator || foodRider ? (
                <section className="card" aria-labelledby="home-tickets-heading" data-testid="home-partner-tickets">
                  <h2 id="home-tickets-heading">{t('tickets.list.title')}</h2>
                  <p>{t('partnerHomes.tickets.text')}</p>
                  <Link to={routes.tickets} className="button">
                    {t('partnerHomes.tickets.link')}
                  </Link>
                </section>
              ) : null}
              {/* Select membership is the riders' (issue 14): drivers, food-delivery riders and operators never see it. */}
              {seesRiderCards(at) ? (
                <section className="card" aria-labelledby="home-membership-heading" data-testid="home-membership">
                  <h2 id="home-membership-heading">{t('membership.heading')}</h2>
                  <MembershipStatus />
                </section>
              ) : null}
            </div>
          ) : ukHost ? null : (
            <LoginPrompt loginHref={routes.login} />
          )
        }
      />
    </div>
  );
}
