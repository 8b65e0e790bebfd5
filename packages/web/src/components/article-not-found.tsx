import { routes } from '@selfserve/contract';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

/** A dead end with a way home. */
export function NotFound({ title }: { title: string }) {
  const { t } = useI18n();
  useDocumentTitle(title);
  return (
    <section className="page page--centered" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">{title}</h1>
      <p>
        <Link to={routes.home} className="button">
          {t('common.homeLink')}
        </Link>
      </p>
    </section>
  );
}

/** Shown when an article id does not resolve (spec §8: 'Article not found.'). */
export function ArticleNotFound() {
  const { t } = useI18n();
  return <NotFound title={t('articleNotFound')} />;
}
