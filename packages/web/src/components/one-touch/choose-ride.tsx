import { articleIndexes, mayListBookings, writeToUsArticleFor, writeToUsHref } from '@selfserve/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import './one-touch.css';

/**
 * A request about one ride needs the ride: without a selected booking, the link to choose one. Someone who may not
 * list bookings (a food-delivery rider, core.md §6) is not sent to a list that refuses them: they are told so and
 * offered their write-to-us form instead.
 */
export function ChooseRide({ notice = null }: { notice?: ReactNode }) {
  const { t } = useI18n();
  const { user, switches } = useSession();
  if (user && !mayListBookings(user.role)) {
    const [index = 'customer'] = articleIndexes({ role: user.role, country: user.country_code, locale: user.locale });
    const writeToUs = switches.write_to_us ? writeToUsArticleFor(index) : null;
    return (
      <section className="onetouch" data-testid="onetouch-panel">
        {notice}
        <p>{t('foodRiderNoBookings')}</p>
        {writeToUs ? <Link to={writeToUsHref(writeToUs)}>{t('kb.writeToUs')}</Link> : null}
      </section>
    );
  }
  return (
    <section className="onetouch" data-testid="onetouch-panel">
      {notice}
      <Link to="/bookings">{t('oneTouchShared.chooseRide')}</Link>
    </section>
  );
}
