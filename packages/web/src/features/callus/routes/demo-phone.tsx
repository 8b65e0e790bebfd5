import { CALL_US_LOCK_WINDOW_MINUTES, type IvrResponse } from '@selfserve/contract';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { NotFound } from '../../../components/article-not-found';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Field } from '../../../components/field';
import { Loader } from '../../../components/loader';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDemoDial } from '../api/demo-dial';
import '../callus.css';

/** What the IVR told the agent, in words. */
function Heard({ heard }: { heard: IvrResponse }) {
  const { t } = useI18n();
  if (!heard.recognised) {
    const reason = {
      not_recognised: t('callUs.phone.notRecognised'),
      expired: t('callUs.phone.expired'),
      already_used: t('callUs.phone.alreadyUsed'),
      locked: t('callUs.phone.locked', { minutes: CALL_US_LOCK_WINDOW_MINUTES }),
      verified: '',
    }[heard.outcome];
    return (
      <div className="callus-heard" role="status" data-testid="demo-phone-heard" data-outcome={heard.outcome}>
        <p>{reason}</p>
        {heard.outcome !== 'locked' ? <p>{t('callUs.phone.attemptsLeft', { count: heard.attempts_left })}</p> : null}
      </div>
    );
  }
  return (
    <div className="callus-heard" role="status" data-testid="demo-phone-heard" data-outcome={heard.outcome}>
      <p className="callus-heard__who">{t('callUs.phone.recognised', { name: heard.user?.name ?? '' })}</p>
      {heard.booking ? (
        <p data-testid="demo-phone-ride">
          {t('callUs.phone.ride', {
            crn: heard.booking.crn,
            status: heard.booking.status,
            pickup: heard.booking.pickup,
            drop: heard.booking.drop,
          })}
        </p>
      ) : null}
      {heard.article ? (
        <p data-testid="demo-phone-article">{t('callUs.phone.article', { title: heard.article.title })}</p>
      ) : null}
    </div>
  );
}

/**
 * /dev/phone (demo mode only, like /dev/outbox): a pretend phone. It dials our number with the typed digits through
 * the demo route, which calls the IVR webhook exactly as a provider would, and shows what the agent would be told.
 */
export function DemoPhonePage() {
  const { t } = useI18n();
  const { status, demo, userInfo } = useSession();
  const { search } = useLocation();
  const [number, setNumber] = useState(() => new URLSearchParams(search).get('number') ?? '');
  const [from, setFrom] = useState<string | null>(null);
  const [digits, setDigits] = useState('');
  const call = useDemoDial();
  useDocumentTitle(t('callUs.phone.title'));

  if (status === 'loading') return <Loader fullPage />;
  if (!demo) return <NotFound title={t('NOT_FOUND')} />;
  const caller = from ?? userInfo?.mobile ?? '';

  const dial = (event: FormEvent) => {
    event.preventDefault();
    call.mutate({ called_number: number.trim(), caller_number: caller.trim(), digits: digits.trim() });
  };
  return (
    <div className="page callus-page" data-testid="demo-phone">
      <h1>{t('callUs.phone.title')}</h1>
      <p>{t('callUs.phone.intro')}</p>
      <form className="callus-phone" onSubmit={dial}>
        <Field label={t('callUs.phone.number')}>
          {(control) => (
            <input {...control} type="tel" value={number} onChange={(e) => setNumber(e.target.value)} required />
          )}
        </Field>
        <Field label={t('callUs.phone.from')}>
          {(control) => (
            <input {...control} type="tel" value={caller} onChange={(e) => setFrom(e.target.value)} required />
          )}
        </Field>
        <Field label={t('callUs.phone.digits')}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={digits}
              onChange={(e) => setDigits(e.target.value)}
              required
            />
          )}
        </Field>
        <Button type="submit" disabled={call.isPending}>
          {t('callUs.phone.dial')}
        </Button>
      </form>
      {call.error ? <ErrorState error={call.error} inline={{ className: 'callus-error' }} /> : null}
      {call.data ? <Heard heard={call.data} /> : null}
    </div>
  );
}
