import { type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { OrderList } from '../../../components/order-list';
import { RequireUser } from '../../../components/require-user';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/bookings.css';
import { UserBookings } from '../components/user-bookings';

const tabs = ['rides', 'orders'] as const;
type Tab = (typeof tabs)[number];

function MainContent() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'orders' ? 'orders' : 'rides';
  const id = useId();
  const headingId = `${id}-heading`;
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ rides: null, orders: null });
  useDocumentTitle(t('helpWithLastBookings'));

  // The open tab lives in the URL (?tab=orders), so reload and Back keep it.
  const choose = (next: Tab, focus = false) => {
    if (next !== tab) {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next === 'rides') out.delete('tab');
          else out.set('tab', next);
          return out;
        },
        { replace: true },
      );
    }
    if (focus) tabRefs.current[next]?.focus();
  };

  // WAI-ARIA tabs: arrows move between tabs (and wrap), Home and End jump to the ends.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? tabs[(at + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(at - 1 + tabs.length) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    choose(next, true);
  };

  return (
    <div className="page booking-page">
      <h1 id={headingId}>{t('helpWithLastBookings')}</h1>
      <div className="tabs" role="tablist" aria-label={t('bookings.tabsLabel')} onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            className="tabs__tab"
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => choose(name)}
            data-testid={`tab-${name}`}
          >
            {name === 'rides' ? t('bookings.ridesTab') : t('bookings.ordersTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-rides`} aria-labelledby={`${id}-tab-rides`} hidden={tab !== 'rides'}>
        <UserBookings active={tab === 'rides'} labelledBy={headingId} />
      </div>
      <div role="tabpanel" id={`${id}-panel-orders`} aria-labelledby={`${id}-tab-orders`} hidden={tab !== 'orders'}>
        {/* Asked only once the tab is opened: most visits are about a ride. */}
        {tab === 'orders' ? <OrderList labelledBy={`${id}-tab-orders`} /> : null}
      </div>
    </div>
  );
}

/** /main (spec §2): 'Help with your last bookings?', the user's rides page by page, and their orders. */
export function MainPage() {
  return (
    <RequireUser>
      <MainContent />
    </RequireUser>
  );
}
