import { type Article, type RefundDestination, refundDestinations } from '@selfserve/contract';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { getCsrfToken } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import type { SelectedBooking } from '../../lib/selected-booking';
import { useSession } from '../../lib/session';
import { Button } from '../button';
import { ChoiceGroup } from '../choice-group';
import { KYC_DONE_PARAM, KYC_DONE_VALUE, type KycFields, kycReturnUrl, postKycForm } from '../kyc/kyc-form';
import './one-touch.css';

const refundOptions = [
  { value: 'voucher', text: 'voucher', help: 'voucherHelp' },
  { value: 'neft', text: 'neft', help: 'neftHelp' },
  { value: 'ola_money', text: 'wallet', help: null },
] as const satisfies readonly { value: RefundDestination; text: string; help: string | null }[];

// The KYC form's way back, for the pages that show the wallet choice's notice (one place: components/kyc).
export { KYC_DONE_PARAM, KYC_DONE_VALUE };

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
  const kycFields: KycFields = {
    cnl: booking?.crn ?? '',
    nav: article.id,
    banner: 'refund_wallet',
    landing: 'wallet',
    care_redirect_url: kycReturnUrl(pathname),
    source: 'web',
  };
  return (
    <RefundDestinationStep
      offered={refundDestinations(article.side_load)}
      busy={busy}
      onSubmit={(destination) => {
        // The wallet posts the hidden KYC form (components/kyc), which leaves the page.
        if (destination === 'ola_money') postKycForm(kycFields, csrfToken ?? getCsrfToken());
        else onSubmit(destination);
      }}
    />
  );
}
