import {
  bdetailsHref,
  type CustomerBooking,
  isValidEmail,
  type OneTouchResult,
  oneTouchPaths,
  rideReference,
} from '@selfserve/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { ResultDialog } from '../../../components/one-touch/result-dialog';
import { RequireUser } from '../../../components/require-user';
import { selectBooking } from '../../../lib/bookings/selection';
import { useI18n } from '../../../lib/i18n';
import { useOneTouchPost } from '../../../lib/one-touch/post-one-touch';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/bookings.css';
import { useBookings } from '../api/get-bookings';
import { PagedBookingList } from '../components/paged-booking-list';
import '../bookings-pages.css';

/** One ride's invoice by mail: the address (the account's to start with), then the existing send-invoice call. */
function InvoiceRequest({
  booking,
  busy,
  onSend,
  onCancel,
}: {
  booking: CustomerBooking;
  busy: boolean;
  onSend: (email: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const { user, userInfo } = useSession();
  const [email, setEmail] = useState(userInfo?.email ?? user?.email ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setInvalid(true);
    setInvalid(false);
    if (!busy) onSend(email.trim());
  };
  return (
    <form className="form invoice-request" onSubmit={submit} noValidate data-testid={`invoice-form-${booking.id}`}>
      <Field label={t('bookingPages.invoices.emailLabel')} error={invalid ? t('enterValidEmail') : null}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            maxLength={50}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <p className="booking-list__actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('bookingPages.invoices.sending') : t('bookingPages.invoices.send')}
        </Button>{' '}
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('bookingPages.invoices.cancel')}
        </Button>
      </p>
    </form>
  );
}

function Invoices() {
  const { t } = useI18n();
  const { user } = useSession();
  const headingId = useId();
  const query = useBookings(user?.id, 'completed');
  const post = useOneTouchPost();
  const [open, setOpen] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ booking: CustomerBooking; result: OneTouchResult } | null>(null);
  useDocumentTitle(t('bookingPages.invoices.title'));

  const send = async (booking: CustomerBooking, email: string) => {
    const result = await post.mutateAsync({
      path: oneTouchPaths.sendInvoice,
      body: { booking_id: booking.id, cab_category: booking.cab_category, email },
    });
    setAnswer({ booking, result });
  };

  const after = (booking: CustomerBooking) =>
    answer?.booking.id === booking.id ? (
      // The answer where it was asked: 'Invoice Sent!', an address to confirm first, or why it could not be sent.
      <ResultDialog
        result={answer.result}
        articleId=""
        articleTitle={t('bookingPages.invoices.title')}
        bookingId={booking.id}
        allowCallUs={false}
        allowWriteToUs={false}
        onBack={() => {
          if (answer.result.state === 'SUCCESS') setOpen(null);
          setAnswer(null);
        }}
      />
    ) : open === booking.id ? (
      <InvoiceRequest
        booking={booking}
        busy={post.isPending}
        onSend={(email) => void send(booking, email)}
        onCancel={() => setOpen(null)}
      />
    ) : (
      <Button
        variant="secondary"
        className="invoice-open"
        onClick={() => setOpen(booking.id)}
        data-testid={`invoice-open-${booking.id}`}
      >
        {t('bookingPages.invoices.getInvoice', { ride: rideReference(booking).value })}
      </Button>
    );

  return (
    <div className="page booking-page" data-testid="invoice-view">
      <h1 id={headingId}>{t('bookingPages.invoices.title')}</h1>
      <p className="booking-page__subtitle">{t('bookingPages.invoices.intro')}</p>
      <PagedBookingList
        query={query}
        bookingsOf={(page) => page.data}
        hrefFor={(booking) => bdetailsHref(booking.crn)}
        onChoose={selectBooking}
        emptyText={t('bookingPages.invoices.empty')}
        labelledBy={headingId}
        renderAfter={after}
      />
    </div>
  );
}

/**
 * /report/viewinvoice/default (core.md §2 invoice view): the signed-in rider's completed rides, newest first, page by
 * page; each ride's invoice is sent by mail through send_invoice (an address other than the account's is confirmed
 * first, docs/one-touch-rules.md), its answer in the one-touch result dialog.
 */
export function InvoiceViewPage() {
  return (
    <RequireUser>
      <Invoices />
    </RequireUser>
  );
}
