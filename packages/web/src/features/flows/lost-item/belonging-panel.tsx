import {
  driverIndexes,
  formatMessage,
  type LabStatusResponse,
  type LostItem,
  labPollingDone,
  routes,
  shownText,
} from '@selfserve/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import type { RideFlowFormProps } from '../flow-form';
import { useFormEnableCheck } from './api/get-form-enable-check';
import { useLabStatus } from './api/get-lab-status';
import { type LabAnswer, useSendLabAnswer } from './api/send-lab-answer';
import { DriverDetailsStep } from './driver-details';
import { ItemForm } from './item-form';
import './lost-item.css';

export { LAB_POLL_MS } from './api/get-lab-status';

type Phase =
  | { kind: 'loading' }
  | { kind: 'disabled'; reason: string | null }
  | { kind: 'form' }
  | { kind: 'polling' }
  | { kind: 'screen'; answer: LabStatusResponse }
  /** a failed call: the server's message when it gave one */
  | { kind: 'error'; message?: string };

/**
 * The lost-item flow's registered form: the driver details step (for riders: in the driver app the ride's driver is
 * the reader), then the panel for the article and its ride.
 */
export function LostItemForm({ article, booking, onReload }: RideFlowFormProps) {
  const rider = !(driverIndexes as readonly string[]).includes(article.index_name);
  return (
    <>
      {rider ? <DriverDetailsStep article={article} booking={booking} onReload={onReload} /> : null}
      <BelongingPanel articleId={article.id} bookingId={booking.id} />
    </>
  );
}

export interface BelongingPanelProps {
  articleId: string;
  bookingId: string;
}

/**
 * The left-an-item panel (left-belonging.md): an existing request shows its screen; otherwise the form when the
 * ride allows it (or the reason and write-to-us), then the call to the driver is polled every LAB_POLL_MS until
 * one of the four side_load screens shows.
 */
export function BelongingPanel({ articleId, bookingId }: BelongingPanelProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  // On load: a request already made shows where it stands; otherwise ask whether the form is open.
  const status = useLabStatus(bookingId);
  const formCheck = useFormEnableCheck(bookingId, status.data?.state === null);
  const send = useSendLabAnswer(bookingId);
  // A refused post ends the panel with the server's message (the status query keeps its last answer).
  const [refusal, setRefusal] = useState<Phase | null>(null);

  const phase = ((): Phase => {
    if (refusal) return refusal;
    if (status.isError || formCheck.isError) return { kind: 'error' };
    const answer = status.data;
    if (!answer) return { kind: 'loading' };
    if (answer.state === null) {
      if (!formCheck.data) return { kind: 'loading' };
      return formCheck.data.enabled
        ? { kind: 'form' }
        : {
            kind: 'disabled',
            reason: shownText({ ...formCheck.data, code: formCheck.data.reason_code, message: formCheck.data.reason }),
          };
    }
    // A screen when one shows, polling (get-lab-status) while the call is on.
    return labPollingDone(answer.side_load) ? { kind: 'screen', answer } : { kind: 'polling' };
  })();

  const busy = send.isPending;
  const post = (answer: LabAnswer) =>
    send.mutate(answer, {
      onError: (err) => {
        // A ticket is answered by e-mail: an unverified address goes to verify first (spec §8).
        if (err instanceof ApiError && err.code === 'email_not_verified') void navigate('/verify-email');
        else setRefusal({ kind: 'error', ...(err instanceof ApiError ? { message: err.text } : {}) });
      },
    });
  const submitForm = (item: LostItem) => post({ kind: 'form', item });
  const decide = (decision: 'confirm_pickup' | 'raise_ticket') => post({ kind: 'decision', decision });

  return (
    <section className="belonging-panel" data-testid="belonging-panel" data-phase={phase.kind}>
      {phase.kind === 'loading' ? <Loader /> : null}
      {phase.kind === 'error' ? <p role="alert">{phase.message ?? formatMessage('genericFailure')}</p> : null}
      {phase.kind === 'disabled' ? (
        <div data-testid="belonging-disabled">
          {phase.reason ? <p>{phase.reason}</p> : null}
          <Link className="button" to={`/dwritetous/${articleId}`}>
            {t('lostItem.writeToUs')}
          </Link>
        </div>
      ) : null}
      {phase.kind === 'form' ? <ItemForm busy={busy} onSubmit={submitForm} /> : null}
      {phase.kind === 'polling' ? (
        <div data-testid="belonging-calling">
          <p>{t('lostItem.calling')}</p>
          <Loader />
        </div>
      ) : null}
      {phase.kind === 'screen' ? <Screen answer={phase.answer} busy={busy} onDecide={decide} /> : null}
    </section>
  );
}

function Screen({
  answer,
  busy,
  onDecide,
}: {
  answer: LabStatusResponse;
  busy: boolean;
  onDecide: (decision: 'confirm_pickup' | 'raise_ticket') => void;
}) {
  const { t } = useI18n();
  const { side_load: sideLoad } = answer;
  if (sideLoad.alreadyRaisedTicket) {
    return (
      <div data-testid="belonging-screen" data-screen="alreadyRaisedTicket">
        <p>{shownText(answer)}</p>
        {answer.ticket_id ? <p>{t('lostItem.ticketNumber', { id: answer.ticket_id })}</p> : null}
        <Link to={routes.tickets}>{t('lostItem.viewTickets')}</Link>
      </div>
    );
  }
  if (sideLoad.showCustomerConfirm) {
    return (
      <div data-testid="belonging-screen" data-screen="showCustomerConfirm">
        <p>{shownText(answer)}</p>
        <Button disabled={busy} onClick={() => onDecide('confirm_pickup')}>
          {t('lostItem.confirmPickup')}
        </Button>
      </div>
    );
  }
  if (sideLoad.showRaiseTicketScreen) {
    return (
      <div data-testid="belonging-screen" data-screen="showRaiseTicketScreen">
        <p>{shownText(answer)}</p>
        <Button disabled={busy} onClick={() => onDecide('raise_ticket')}>
          {t('lostItem.raiseTicket')}
        </Button>
      </div>
    );
  }
  return (
    <div data-testid="belonging-screen" data-screen="showButton">
      <p>{shownText(answer)}</p>
      <Link className="button" to={routes.home}>
        {t('lostItem.done')}
      </Link>
    </div>
  );
}
