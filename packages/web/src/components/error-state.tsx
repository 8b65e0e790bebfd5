import { useTranslation } from 'react-i18next';

/** Spec §8: any failure other than a missing article shows the generic 'Something went wrong…' text. */
export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="page page--centered" role="alert" data-testid="kb-error">
      <h1>{t('sorry')}</h1>
      <p>{t('genericFailure')}</p>
      {onRetry ? (
        <p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('kb.tryAgain')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
