import {
  type Article,
  KYC_CSRF_FIELD,
  KYC_FORM_PATH,
  type kycFormSchema,
  type RefundDestination,
  refundDestinations,
} from '@selfserve/contract';
import { type FormEvent, type Ref, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { getCsrfToken } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import type { SelectedBooking } from '../../lib/selected-booking';
import { useSession } from '../../lib/session';
import { Button } from '../button';
import { ChoiceGroup } from '../choice-group';
import './one-touch.css';

const refundOptions = [
  { value: 'voucher', text: 'voucher', help: 'voucherHelp' },
  { value: 'neft', text: 'neft', help: 'neftHelp' },
  { value: 'ola_money', text: 'wallet', help: null },
] as const satisfies readonly { value: RefundDestination; text: string; help: string | null }[];

/** The query the KYC endpoint's 303 brings the user back with. */
export const KYC_DONE_PARAM = 'kyc';
export const KYC_DONE_VALUE = 'done';

type KycFields = Record<keyof typeof kycFormSchema.shape, string>;

/**
 * The hidden KYC form (guided-flows.md §4): a real multipart form post that navigates away to
 * KYC_FORM_PATH; the server records the choice and answers 303 to care_redirect_url. A form cannot send
 * our CSRF header, so the token travels as the KYC_CSRF_FIELD field.
 */
function KycForm({ formRef, fields, csrf }: { formRef: Ref<HTMLFormElement>; fields: KycFields; csrf: string }) {
  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      action={KYC_FORM_PATH}
      hidden
      data-testid="kyc-form"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={KYC_CSRF_FIELD} value={csrf} />
    </form>
  );
}

function RefundDestinationStep({
  offered,
  busy,
  onSubmit,
}: {
  /** the destinations the article offers (refundDestinations of its side_load) */
  offered: readonly RefundDestination[];
  busy: boolean;
  onSubmit: (d: RefundDestination) => void;
}) {
  const { t } = useI18n();
  const [choice, setChoice] = useState<RefundDestination | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && !busy) onSubmit(choice);
  };
  return (
    <form className="form onetouch-refund" onSubmit={submit} data-testid="refund-destination">
      <ChoiceGroup
        legend={t('refundDestinationQuestion')}
        optionClassName="onetouch-refund__option"
        options={refundOptions
          .filter((o) => offered.includes(o.value))
          .map((o) => ({
            value: o.value,
            label: <span>{t(`onetouch.refund.${o.text}`)}</span>,
            ...(o.help ? { hint: t(`onetouch.refund.${o.help}`) } : {}),
          }))}
        value={choice}
        onChange={setChoice}
      />
      <Button type="submit" disabled={!choice || busy}>
        {t('onetouch.refund.submit')}
      </Button>
    </form>
  );
}

/**
 * The refund destination step (guided-flows.md §4 REFUND_INITIATED): the destinations the article offers. The wallet
 * submits the hidden KYC form, which leaves the page; the others are the submit's refund_destination (`onSubmit`).
 */
export function RefundStep({
  article,
  booking,
  busy,
  onSubmit,
}: {
  article: Article;
  booking: SelectedBooking | null;
  busy: boolean;
  onSubmit: (destination: RefundDestination) => void;
}) {
  const { pathname } = useLocation();
  const { csrfToken } = useSession();
  const kycForm = useRef<HTMLFormElement>(null);
  const kycFields: KycFields = {
    cnl: booking?.crn ?? '',
    nav: article.id,
    banner: 'refund_wallet',
    landing: 'wallet',
    care_redirect_url: `${pathname}?${KYC_DONE_PARAM}=${KYC_DONE_VALUE}`,
    source: 'web',
  };
  return (
    <>
      <RefundDestinationStep
        offered={refundDestinations(article.side_load)}
        busy={busy}
        onSubmit={(destination) => {
          if (destination === 'ola_money') kycForm.current?.submit();
          else onSubmit(destination);
        }}
      />
      <KycForm formRef={kycForm} fields={kycFields} csrf={csrfToken ?? getCsrfToken() ?? ''} />
    </>
  );
}
