import { entryModeHome, searchBoxVisible } from '@selfserve/contract';
import { type FormEvent, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { canGoBack } from '../../lib/history';
import { useI18n } from '../../lib/i18n';
import { searchHref } from '../../lib/kb/paths';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import './not-found.css';

/**
 * Any path that is none of the app's pages (issue 14; the contract's appRoutePatterns, which the server answers
 * with 404): says so, and offers the way on — back when there is a page of ours to go back to (spec §2's
 * unmatched-route rule, now a choice rather than an automatic jump), the entry mode's home, and a search where the
 * site offers search (core.md §6).
 */
export function NotFoundPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user, inApp, entryMode, ukHost } = useSession();
  const headingId = useId();
  const searchId = useId();
  useDocumentTitle(t('notFound.title'));
  const withSearch = searchBoxVisible({ inApp, entryMode, ukHost, userCountry: user?.country_code });
  const back = canGoBack();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (q) void navigate(searchHref(q));
  };

  return (
    <section className="page not-found" aria-labelledby={headingId} data-testid="not-found-page">
      <h1 id={headingId}>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p className="not-found__actions">
        <Link to={entryModeHome(entryMode)} className="button" data-testid="not-found-home">
          {t('common.homeLink')}
        </Link>
        {back ? (
          <Button variant="secondary" onClick={() => void navigate(-1)}>
            {t('notFound.back')}
          </Button>
        ) : null}
      </p>
      {withSearch ? (
        <>
          <h2 id={`${searchId}-heading`}>{t('notFound.searchHeading')}</h2>
          {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17; a form with role search is a landmark everywhere */}
          <form role="search" aria-labelledby={`${searchId}-heading`} className="not-found__search" onSubmit={onSearch}>
            <label htmlFor={searchId} className="visually-hidden">
              {t('search.label')}
            </label>
            <input
              id={searchId}
              name="q"
              type="search"
              className="kb-search__input"
              placeholder={t('search.placeholder')}
            />
            <Button type="submit">{t('search.submit')}</Button>
          </form>
        </>
      ) : null}
    </section>
  );
}
