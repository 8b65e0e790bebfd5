import {
  adjustedBill,
  type Bill,
  type BillLineKey,
  type BillResponse,
  type BillViewingFlag,
  disputableLines,
  formatFare,
  ONE_TOUCH_MESSAGE_MAX,
  type OneTouchOption,
  resolveFlow,
} from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FlowFormProps } from '../../../app/article-flow-forms';
import { ChoiceGroup } from '../../../components/choice-group';
import { useSession } from '../../../lib/session';
import { billQueryKey, useBill } from '../api/get-bill';
import { formReducer, initialFormState } from '../utils/form-state';
import { optionAction } from '../utils/option-action';
import { BillBreakdown, BillLineName, BillLoadState, billAmount } from './bill-breakdown';
import { CustomMessage } from './one-touch-panel';
import { ResultDialog } from './result-dialog';
import { useFinish } from './use-finish';
import { useOneTouchSubmit } from './use-one-touch-submit';
import '../labels';
import '../onetouch.css';
import { Button } from '../../../components/button';

/** What the rider has chosen in the dispute form; kept by the panel so BACK after a failure keeps it. */
interface DisputeChoice {
  reason: string | null;
  lines: readonly BillLineKey[];
  comment: string;
}
const noChoice: DisputeChoice = { reason: null, lines: [], comment: '' };

/** The lines a rider may mark: the disputable ones this bill has, with an amount to dispute. */
function markableLines(bill: Bill) {
  return bill.lines.filter(
    (line, index, all) =>
      disputableLines.includes(line.key) && line.amount > 0 && all.findIndex((l) => l.key === line.key) === index,
  );
}

function DisputeForm({
  bill,
  options,
  choice,
  busy,
  onChange,
  onSubmit,
}: {
  bill: Bill;
  options: readonly OneTouchOption[];
  choice: DisputeChoice;
  busy: boolean;
  onChange: (choice: DisputeChoice) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  // A reason is needed when the article offers some.
  const ready = options.length === 0 || choice.reason !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !busy) onSubmit();
  };
  const toggle = (key: BillLineKey, on: boolean) =>
    onChange({ ...choice, lines: on ? [...choice.lines, key] : choice.lines.filter((k) => k !== key) });
  const lines = markableLines(bill);
  return (
    <form className="form billing-dispute__form" onSubmit={submit} data-testid="bill-dispute-form">
      {options.length > 0 ? (
        <ChoiceGroup
          legend={t('onetouch.dispute.reason')}
          optionClassName="billing-dispute__choice"
          options={options.map((option) => ({ value: option.value, label: <span>{option.text}</span> }))}
          value={choice.reason}
          onChange={(reason) => onChange({ ...choice, reason })}
        />
      ) : null}
      {lines.length > 0 ? (
        <fieldset aria-describedby={`${ids}-lines-hint`}>
          <legend>{t('onetouch.dispute.lines')}</legend>
          <p id={`${ids}-lines-hint`} className="form__hint">
            {t('onetouch.dispute.linesHint')}
          </p>
          {lines.map((line) => (
            <label key={line.key} className="billing-dispute__choice">
              <input
                type="checkbox"
                value={line.key}
                checked={choice.lines.includes(line.key)}
                onChange={(event) => toggle(line.key, event.target.checked)}
              />
              <span>
                <BillLineName lineKey={line.key} bill={bill} /> · {billAmount(line.amount, bill.currency_country)}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="form__field" htmlFor={`${ids}-comment`}>
        {t('onetouch.dispute.comment')}
      </label>
      <textarea
        id={`${ids}-comment`}
        rows={3}
        maxLength={ONE_TOUCH_MESSAGE_MAX}
        value={choice.comment}
        onChange={(event) => onChange({ ...choice, comment: event.target.value })}
      />
      <Button type="submit" disabled={!ready || busy}>
        {t('onetouch.dispute.submit')}
      </Button>
    </form>
  );
}

/** The answer to an earlier dispute of this bill: money back to the wallet, or a ticket being checked. */
function EarlierDispute({ bill, dispute }: { bill: Bill; dispute: NonNullable<BillResponse['dispute']> }) {
  const { t } = useTranslation();
  const adjusted = dispute.outcome === 'adjusted';
  return (
    <>
      <BillBreakdown bill={adjusted ? adjustedBill(bill, dispute.amount) : bill} />
      <p className="onetouch__notice" data-testid="bill-earlier-dispute" data-outcome={dispute.outcome}>
        {adjusted
          ? t('onetouch.dispute.adjusted', { amount: formatFare(dispute.amount, bill.currency_country) })
          : dispute.ticket_id
            ? t('onetouch.dispute.reviewTicket', { id: dispute.ticket_id })
            : t('onetouch.dispute.review')}
      </p>
    </>
  );
}

/**
 * Billing dispute (core.md §4 viewing flag): the ride's bill is shown `viewing`, with 'This bill looks right'
 * and 'Dispute this bill'; either answer makes it `viewed`. Looks right thanks the rider; dispute asks for a
 * reason (the article's options), the lines that look wrong (none: the whole bill) and a comment, then submits
 * the article's call_type and shows the answer. A bill disputed before shows that answer instead.
 */
export function BillingDisputePanel({ article, booking, onReload }: FlowFormProps) {
  const { t } = useTranslation();
  const flow = resolveFlow(article);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const query = useBill(user?.id, booking.id);
  const [flag, setFlag] = useState<BillViewingFlag>('viewing');
  const [looksRight, setLooksRight] = useState(false);
  const [choice, setChoice] = useState<DisputeChoice>(noChoice);
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, booking);
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING';

  const answer = (right: boolean) => {
    setLooksRight(right);
    setFlag('viewed');
  };

  const submit = async (bill: Bill) => {
    const option = article.options.find((o) => o.value === choice.reason) ?? null;
    if (busy || (article.options.length > 0 && !option) || !flow.submitPath || !flow.callType) return;
    const action = option ? optionAction(option) : null;
    if (action?.kind === 'custom_message') {
      dispatch({ type: 'custom_message', heading: action.heading, message: action.message });
      return;
    }
    if (action?.kind === 'open_article') {
      void navigate(action.href);
      return;
    }
    const comment = choice.comment.trim();
    dispatch({ type: 'submit' });
    const result = await send({
      ...(option ? { option_selected: option.value } : {}),
      // In the bill's order, so the same marks are the same payload (and a retry keeps its key).
      params: {
        disputed_lines: markableLines(bill)
          .map((l) => l.key)
          .filter((key) => choice.lines.includes(key)),
      },
      ...(comment ? { message: comment } : {}),
    });
    if (!result) return;
    finish(result);
    // The bill now has its dispute (or already had one): BACK shows that answer, not the form again.
    if (result.state === 'SUCCESS' || result.state === 'NOIMAGE') {
      void queryClient.invalidateQueries({ queryKey: billQueryKey(user?.id ?? '', booking.id) });
    }
  };

  const data = query.data;
  let body: React.ReactNode;
  let shownFlag = flag;
  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    body = (
      <ResultDialog
        result={state.result}
        articleId={article.id}
        articleTitle={article.title}
        bookingId={booking.id}
        allowCallUs={flow.callUs}
        allowWriteToUs={flow.writeToUs}
        onBack={() => dispatch({ type: 'back' })}
      />
    );
  } else if (state.status === 'CUSTOM_MESSAGE') {
    body = <CustomMessage heading={state.heading} message={state.message} onBack={() => dispatch({ type: 'back' })} />;
  } else if (!data) {
    body = <BillLoadState failed={query.isError} onRetry={() => void query.refetch()} />;
  } else if (!data.bill) {
    body = (
      <p className="bill__none" data-testid="bill-none">
        {t('onetouch.bill.none')}
      </p>
    );
  } else if (data.dispute) {
    // Disputed once already: its answer stands (the server takes no second dispute).
    shownFlag = 'viewed';
    body = <EarlierDispute bill={data.bill} dispute={data.dispute} />;
  } else {
    const bill = data.bill;
    let next: React.ReactNode;
    if (flag === 'viewing') {
      next = (
        <div className="billing-dispute__actions">
          <Button onClick={() => answer(true)}>{t('onetouch.dispute.looksRight')}</Button>
          <Button variant="secondary" onClick={() => answer(false)}>
            {t('onetouch.dispute.dispute')}
          </Button>
        </div>
      );
    } else if (looksRight) {
      next = (
        <p className="onetouch__notice" role="status" data-testid="bill-looks-right">
          {t('onetouch.dispute.thanks')}
        </p>
      );
    } else {
      next = (
        <DisputeForm
          bill={bill}
          options={article.options}
          choice={choice}
          busy={busy}
          onChange={setChoice}
          onSubmit={() => void submit(bill)}
        />
      );
    }
    body = (
      <>
        <BillBreakdown bill={bill} />
        {next}
      </>
    );
  }

  return (
    <section
      className="onetouch billing-dispute"
      data-testid="billing-dispute"
      data-viewing-flag={shownFlag}
      data-form-state={state.status}
      aria-busy={busy || query.isPending}
    >
      {body}
    </section>
  );
}
