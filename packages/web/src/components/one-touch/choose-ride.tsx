import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './labels';
import './one-touch.css';

/** A request about one ride needs the ride: without a selected booking, the link to choose one. */
export function ChooseRide({ notice = null }: { notice?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="onetouch" data-testid="onetouch-panel">
      {notice}
      <Link to="/bookings">{t('oneTouchShared.chooseRide')}</Link>
    </section>
  );
}
