import { type LabStatusResponse, labPaths, labPollingDone, messages, routes } from '@selfserve/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Loader } from '../../../components/loader';
import { ApiError, api } from '../../../lib/api-client';
import { localizeMessage } from '../../../lib/i18n';
import '../labels';
import '../belongings.css';

/** How often the page asks whether the driver's side is known (left-belonging.md). */
export const LAB_POLL_MS = 2000;

interface FormEnableAnswer {
  enabled: boolean;
  reason: string | null;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'disabled'; reason: string | null }
  | { kind: 'form' }
  | { kind: 'polling' }
  | { kind: 'screen'; answer: LabStatusResponse }
  /** a failed call: the server's message when it gave one */
  | { kind: 'error'; message?: string };

const fields = ['item_name', 'item_color', 'item_brand', 'item_type', 'item_at'] as const;
type Field = (typeof fields)[number];
const fieldLabel = {
  item_name: 'itemName',
  item_color: 'itemColor',
  item_brand: 'itemBrand',
  item_type: 'itemType',
  item_at: 'itemAt',
} as const satisfies Record<Field, string>;
const fieldMax: Record<Field, number> = { item_name: 100, item_color: 40, item_brand: 60, item_type: 60, item_at: 100 };

const statusQuery = (bookingId: string) => ({ query: { booking_id: bookingId } });

/** The next phase for a status answer: a screen when one shows, polling while the call is on. */
function phaseOf(answer: LabStatusResponse): Phase {
  return labPollingDone(answer.side_load) ? { kind: 'screen', answer } : { kind: 'polling' };
}

function ItemForm({ busy, onSubmit }: { busy: boolean; onSubmit: (values: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!(values.item_description ?? '').trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!busy) onSubmit(values);
  };
  return (
    <form className="form belonging-form" onSubmit={submit} noValidate data-testid="belonging-form">
      {fields.map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`${ids}-${name}`}>{t(`belongings.${fieldLabel[name]}`)}</label>
          <input
            id={`${ids}-${name}`}
            type="text"
            maxLength={fieldMax[name]}
            value={values[name] ?? ''}
            onChange={(e) => set(name, e.target.value)}
          />
        </div>
      ))}
      <div className="field">
        <label htmlFor={`${ids}-description`}>{t('belongings.description')}</label>
        <textarea
          id={`${ids}-description`}
          maxLength={1000}
          required
          value={values.item_description ?? ''}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${ids}-error` : undefined}
          onChange={(e) => set('item_description', e.target.value)}
        />
        {invalid ? (
          <p id={`${ids}-error`} className="field-error" role="alert">
            {t('belongings.describeItem')}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {t('belongings.submit')}
      </button>
    </form>
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
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  // On load: a request already made shows where it stands; otherwise ask whether the form is open.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const existing = await api.get<LabStatusResponse>(labPaths.checkAlreadyRaised, statusQuery(bookingId));
        if (cancelled) return;
        if (existing.state !== null) {
          setPhase(phaseOf(existing));
          return;
        }
        const check = await api.get<FormEnableAnswer>(labPaths.formEnableCheck, statusQuery(bookingId));
        if (cancelled) return;
        setPhase(check.enabled ? { kind: 'form' } : { kind: 'disabled', reason: check.reason });
      } catch {
        if (!cancelled) setPhase({ kind: 'error' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [bookingId]);

  // While the call is on, ask again every LAB_POLL_MS; stops on a screen, an error or unmount.
  const polling = phase.kind === 'polling';
  useEffect(() => {
    if (!polling) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const answer = await api.get<LabStatusResponse>(labPaths.checkAlreadyRaised, statusQuery(bookingId));
        if (cancelled) return;
        if (answer.status === 'done' && labPollingDone(answer.side_load)) setPhase({ kind: 'screen', answer });
        else timer = setTimeout(() => void tick(), LAB_POLL_MS);
      } catch {
        if (!cancelled) setPhase({ kind: 'error' });
      }
    };
    timer = setTimeout(() => void tick(), LAB_POLL_MS);
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [polling, bookingId]);

  const send = async (call: () => Promise<LabStatusResponse>) => {
    setBusy(true);
    try {
      setPhase(phaseOf(await call()));
    } catch (err) {
      // A ticket is answered by e-mail: an unverified address goes to verify first (spec §8).
      if (err instanceof ApiError && err.code === 'email_not_verified') void navigate('/verify-email');
      else setPhase({ kind: 'error', ...(err instanceof ApiError ? { message: localizeMessage(err.message) } : {}) });
    } finally {
      setBusy(false);
    }
  };
  const submitForm = (values: Record<string, string>) =>
    void send(() =>
      api.post<LabStatusResponse>(labPaths.customerConfirm, {
        booking_id: bookingId,
        ...values,
        item_description: (values.item_description ?? '').trim(),
      }),
    );
  const decide = (decision: 'confirm_pickup' | 'raise_ticket') =>
    void send(() =>
      api.post<LabStatusResponse>(labPaths.driverCustomerConfirmation, { booking_id: bookingId, decision }),
    );

  return (
    <section className="belonging-panel" data-testid="belonging-panel" data-phase={phase.kind}>
      {phase.kind === 'loading' ? <Loader /> : null}
      {phase.kind === 'error' ? <p role="alert">{phase.message ?? messages.genericFailure}</p> : null}
      {phase.kind === 'disabled' ? (
        <div data-testid="belonging-disabled">
          {phase.reason ? <p>{phase.reason}</p> : null}
          <Link className="button" to={`/dwritetous/${articleId}`}>
            {t('belongings.writeToUs')}
          </Link>
        </div>
      ) : null}
      {phase.kind === 'form' ? <ItemForm busy={busy} onSubmit={submitForm} /> : null}
      {phase.kind === 'polling' ? (
        <div data-testid="belonging-calling">
          <p>{t('belongings.calling')}</p>
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
  const { t } = useTranslation();
  const { side_load: sideLoad } = answer;
  if (sideLoad.alreadyRaisedTicket) {
    return (
      <div data-testid="belonging-screen" data-screen="alreadyRaisedTicket">
        <p>{answer.message}</p>
        {answer.ticket_id ? <p>{t('belongings.ticketNumber', { id: answer.ticket_id })}</p> : null}
        <Link to={routes.tickets}>{t('belongings.viewTickets')}</Link>
      </div>
    );
  }
  if (sideLoad.showCustomerConfirm) {
    return (
      <div data-testid="belonging-screen" data-screen="showCustomerConfirm">
        <p>{answer.message}</p>
        <button type="button" className="button" disabled={busy} onClick={() => onDecide('confirm_pickup')}>
          {t('belongings.confirmPickup')}
        </button>
      </div>
    );
  }
  if (sideLoad.showRaiseTicketScreen) {
    return (
      <div data-testid="belonging-screen" data-screen="showRaiseTicketScreen">
        <p>{answer.message}</p>
        <button type="button" className="button" disabled={busy} onClick={() => onDecide('raise_ticket')}>
          {t('belongings.raiseTicket')}
        </button>
      </div>
    );
  }
  return (
    <div data-testid="belonging-screen" data-screen="showButton">
      <p>{answer.message}</p>
      <Link className="button" to={routes.home}>
        {t('belongings.done')}
      </Link>
    </div>
  );
}
