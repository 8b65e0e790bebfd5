import { routes } from '@selfserve/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

/** Shown when an article id does not resolve (spec §8: 'Article not found.'). */
export function ArticleNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('articleNotFound'));
  return (
    <section className="page page--centered" aria-labelledby="article-not-found-heading">
      <h1 id="article-not-found-heading">{t('articleNotFound')}</h1>
      <p>
        <Link to={routes.home} className="button">
          {t('common.homeLink')}
        </Link>
      </p>
    </section>
  );
}
