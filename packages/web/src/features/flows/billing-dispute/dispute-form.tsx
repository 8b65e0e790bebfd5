import {
  type Bill,
  type BillDisputeForm,
  disputableLines,
  ONE_TOUCH_MESSAGE_MAX,
  type OneTouchOption,
} from '@selfserve/contract';
import { useId } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { BillLineName, billAmount } from '../../../components/bill/bill-breakdown';
import { Button } from '../../../components/button';
import { ChoiceGroup } from '../../../components/choice-group';
import { useI18n } from '../../../lib/i18n';

/** The lines a rider may mark: the disputable ones this bill has, with an amount to dispute. */
export function markableLines(bill: Bill) {
  return bill.lines.filter(
    (line, index, all) =>
      disputableLines.includes(line.key) && line.amount > 0 && all.findIndex((l) => l.key === line.key) === index,
  );
}

/**
 * The dispute itself: a reason (the article's options; needed when it offers some), the lines that look wrong (none:
 * the whole bill) and a comment. `form` is the panel's (zodResolver with the contract's billDisputeFormSchema), so
 * the choices outlive this form when a result replaces it.
 */
export function DisputeForm({
  form,
  bill,
  options,
  busy,
  onSubmit,
}: {
  form: UseFormReturn<BillDisputeForm>;
  bill: Bill;
  options: readonly OneTouchOption[];
  busy: boolean;
  onSubmit: (choice: BillDisputeForm) => void;
}) {
  const { t, intl } = useI18n();
  const ids = useId();
  const reason = useWatch({ control: form.control, name: 'option_selected' });
  const ready = options.length === 0 || reason !== null;
  const submit = form.handleSubmit((choice) => {
    if (ready && !busy) onSubmit(choice);
  });
  const lines = markableLines(bill);
  return (
    <form className="form billing-dispute__form" onSubmit={submit} data-testid="bill-dispute-form">
      {options.length > 0 ? (
        <Controller
          control={form.control}
          name="option_selected"
          render={({ field }) => (
            <ChoiceGroup
              legend={t('billingDispute.reason')}
              optionClassName="billing-dispute__choice"
              options={options.map((option) => ({ value: option.value, label: <span>{option.text}</span> }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
      {lines.length > 0 ? (
        <Controller
          control={form.control}
          name="disputed_lines"
          render={({ field }) => (
            <fieldset aria-describedby={`${ids}-lines-hint`}>
              <legend>{t('billingDispute.lines')}</legend>
              <p id={`${ids}-lines-hint`} className="form__hint">
                {t('billingDispute.linesHint')}
              </p>
              {lines.map((line) => (
                <label key={line.key} className="billing-dispute__choice">
                  <input
                    type="checkbox"
                    value={line.key}
                    checked={field.value.includes(line.key)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, line.key]
                          : field.value.filter((key) => key !== line.key),
                      )
                    }
                  />
                  <span>
                    <BillLineName lineKey={line.key} bill={bill} /> ·{' '}
                    {billAmount(line.amount, bill.currency_country, intl)}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        />
      ) : null}
      <label className="form__field" htmlFor={`${ids}-comment`}>
        {t('billingDispute.comment')}
      </label>
      <textarea id={`${ids}-comment`} rows={3} maxLength={ONE_TOUCH_MESSAGE_MAX} {...form.register('message')} />
      <Button type="submit" disabled={!ready || busy}>
        {t('billingDispute.submit')}
      </Button>
    </form>
  );
}
