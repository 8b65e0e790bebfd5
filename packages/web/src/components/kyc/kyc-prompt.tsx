import type { Article } from '@selfserve/contract';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { getCsrfToken } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { Button } from '../button';
import { isKycDone, kycFields, postKycForm } from './kyc-form';
import './kyc.css';

/**
 * The KYC prompt (guided-flows.md §2) on an article whose side_load says show_kyc: Update Now posts the do_kyc form,
 * which comes back here with the notice that KYC has started (also shown on a KYC category's article, which the
 * category lists post the same form for).
 */
export function KycPrompt({ article }: { article: Article }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const headingId = useId();
  const { csrfToken } = useSession();
  const done = isKycDone(search);
  return (
    <section className="kyc-prompt" aria-labelledby={headingId} data-testid="kyc-prompt">
      <h2 id={headingId}>{t('kyc.heading')}</h2>
      {done ? (
        <p className="kyc-prompt__done" role="status" data-testid="kyc-started">
          {t('kyc.started')}
        </p>
      ) : null}
      {article.side_load.show_kyc === true ? (
        <>
          <p>{t('kyc.text')}</p>
          <Button onClick={() => postKycForm(kycFields(article.id, pathname), csrfToken ?? getCsrfToken())}>
            {t('kyc.updateNow')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
