import { useRouteError } from 'react-router';
import { useI18n } from '../lib/i18n';

/** Last resort for a page that threw or whose code could not be fetched (for example after a deploy). */
export function RouteError() {
  const { t } = useI18n();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="page page--centered" role="alert">
      <h1>{t('sorry')}</h1>
      <p>{t('errors.pageFailed')}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </p>
    </section>
  );
}
