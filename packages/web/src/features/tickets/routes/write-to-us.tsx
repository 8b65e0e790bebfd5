import { bookingRoutes } from '@selfserve/contract';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../../components/article-not-found';
import { BookingContext, CheckedCrn } from '../../../components/booking-context';
import { ChoiceGroup } from '../../../components/choice-group';
import { OrderHelpContext } from '../../../components/order-context';
import { RequireUser } from '../../../components/require-user';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/bookings.css';
import type { MarketplaceKind } from '../api/create-ticket';
import { ArticleIssueForm } from '../components/article-issue-form';
import { FormForUser } from '../components/form-for-user';
import { IssueForm } from '../components/issue-form';
import '../tickets.css';

type About = 'ride' | 'other';

/**
 * /writetous and /writetous/default (spec §2): first what the issue is about. A ride issue starts from the
 * booking (its help then leads to the issue); anything else goes straight to the form.
 */
export function WriteToUsPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const [about, setAbout] = useState<About | null>(null);
  useDocumentTitle(t('tickets.writeToUs.title'));

  return (
    <div className="page ticket-page" data-testid="write-to-us">
      <h1>{t('tickets.writeToUs.title')}</h1>
      <ChoiceGroup
        legend={t('tickets.writeToUs.chooseLegend')}
        className="write-to-us__choices"
        optionClassName="write-to-us__choice"
        options={[
          { value: 'ride', label: t('issueWithRide') },
          { value: 'other', label: t('issueNotRelatedToRide') },
        ]}
        value={about}
        onChange={setAbout}
      />
      {about === 'ride' ? (
        <FormForUser message={t('loginForRides')}>
          <div className="ticket-panel" data-testid="write-to-us-ride">
            <p>{t('tickets.writeToUs.chooseBookingText')}</p>
            <Link to={bookingRoutes.bookings} className="button">
              {t('tickets.writeToUs.chooseBooking')}
            </Link>
          </div>
        </FormForUser>
      ) : null}
      {about === 'other' ? (
        <FormForUser>
          <section className="ticket-panel" aria-label={t('tickets.form.heading')}>
            <IssueForm key={user?.id ?? 'visitor'} />
          </section>
        </FormForUser>
      ) : null}
    </div>
  );
}

/** Marketplace order kinds as their createTicket paths name them. */
const marketplaceKinds: Record<string, MarketplaceKind> = {
  ondc: 'ondc',
  grocery: 'grocery',
  giftcard: 'giftcard',
  fashion_electronics: 'fashion/electronics',
};

/**
 * An order's issue form (?order_id=&order_type=) under the order's card: the order must be the user's; its items are
 * the checklist, and the ticket goes to the marketplace createTicket of its kind with its id.
 */
function OrderIssueForm({ articleId, orderId, orderType }: { articleId: string; orderId: string; orderType: string }) {
  const { t } = useI18n();
  const kind = Object.hasOwn(marketplaceKinds, orderType) ? marketplaceKinds[orderType] : undefined;
  if (!kind) return <NotFound title={t('orderNotFound')} />;
  return (
    <OrderHelpContext kind={orderType} orderId={orderId}>
      {(order) => (
        <ArticleIssueForm articleId={articleId} order={{ kind, orderId: order.order_id, items: order.items }} />
      )}
    </OrderHelpContext>
  );
}

/**
 * The issue form needs a signed-in user with an e-mail. A visitor who followed Write to us is asked to sign in, and
 * comes back to this very form (path and query: the order stays) afterwards; a user without an e-mail goes home.
 */
function SignedInForm({ children }: { children: ReactNode }) {
  return (
    <FormForUser>
      <RequireUser>{children}</RequireUser>
    </FormForUser>
  );
}

/**
 * /dwritetous/{articleId} (spec §2): the article's issue form, or an order's with ?order_id=&order_type=; visitors are
 * asked to sign in first; bare /dwritetous → /main.
 */
export function DwritetousPage() {
  const { articleId } = useParams();
  const [params] = useSearchParams();
  if (!articleId) return <Navigate to={bookingRoutes.main} replace />;
  const orderId = params.get('order_id');
  const orderType = params.get('order_type');
  return (
    <div className="page ticket-page">
      <SignedInForm>
        {orderId && orderType ? (
          <OrderIssueForm
            key={`${orderType}/${orderId}/${articleId}`}
            articleId={articleId}
            orderId={orderId}
            orderType={orderType}
          />
        ) : (
          <ArticleIssueForm key={articleId} articleId={articleId} />
        )}
      </SignedInForm>
    </div>
  );
}

function BookingIssueForm({ crn, articleId }: { crn: string; articleId: string }) {
  return (
    <BookingContext crn={crn}>
      {(booking) => (
        <ArticleIssueForm
          articleId={articleId}
          booking={{ id: booking.id, crn: booking.crn, cab_category: booking.cab_category }}
        />
      )}
    </BookingContext>
  );
}

/**
 * /{crn}/dwritetous/{articleId} (spec §2): the issue form under the booking's card; the booking goes with it. It needs
 * login: visitors are asked to sign in and come back here.
 */
export function BookingWriteToUsPage() {
  const { crn = '', articleId = '' } = useParams();
  return (
    <div className="page ticket-page">
      <SignedInForm>
        <CheckedCrn key={crn} crn={crn}>
          {(valid) => <BookingIssueForm key={articleId} crn={valid} articleId={articleId} />}
        </CheckedCrn>
      </SignedInForm>
    </div>
  );
}
