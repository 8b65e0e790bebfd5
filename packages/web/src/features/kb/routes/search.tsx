import { type KbSearchResult, SEARCH_MIN_CHARS } from '@selfserve/contract';
import { type FormEvent, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loader } from '../../../components/loader';
import { contentLang } from '../../../lib/content-lang';
import { useI18n } from '../../../lib/i18n';
import { useSearchArticles } from '../../../lib/kb/search-articles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/kb.css';
import { Button } from '../../../components/button';
import { articleHref } from '../../../lib/kb/paths';
import { Highlighted } from '../components/kb-search-highlight';
import { SearchNextStep } from '../components/search-next-step';

function ResultList({ results, testId }: { results: KbSearchResult[]; testId: string }) {
  const { locale } = useI18n();
  return (
    <ol className="kb-results" data-testid={testId}>
      {results.map((result) => (
        // An article not yet translated is shown in English: its title and snippet say so (lang).
        <li key={result.id} className="kb-results__item" lang={contentLang(result.title, locale)}>
          <Link to={articleHref(result.id)} className="kb-results__title">
            <Highlighted text={result.title} marks={result.title_marks} />
          </Link>
          {/* The article's own words around the match, the matched words marked (docs/kb-search.md). */}
          <p className="kb-results__snippet">
            <Highlighted text={result.snippet} marks={result.snippet_marks} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * /search?q=: all results for a query (partial matches under a heading of their own), or 'No Articles Found' (spec §2,
 * §7) with the next step: popular articles and the ways to contact support.
 */
export function SearchPage() {
  const { t } = useI18n();
  const inputId = useId();
  const partialId = useId();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const enough = query.length >= SEARCH_MIN_CHARS;
  const search = useSearchArticles(query, enough);
  useDocumentTitle(query ? t('search.resultsFor', { query }) : t('search.title'));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(value ? { q: value } : {});
  };

  let content = null;
  if (query && !enough) content = <p>{t('search.tooShort', { min: SEARCH_MIN_CHARS })}</p>;
  else if (enough && search.isPending) content = <Loader />;
  else if (enough && search.isError) content = <p role="alert">{t('genericFailure')}</p>;
  else if (enough && search.data?.length === 0) {
    content = (
      <>
        <p data-testid="search-empty">{t('noArticlesFound')}</p>
        <SearchNextStep />
      </>
    );
  } else if (enough && search.data) {
    // Partial matches (some of the words) come after every full match: they get a heading of their own.
    const full = search.data.filter((r) => !r.partial);
    const partial = search.data.filter((r) => r.partial);
    content = (
      <>
        {full.length > 0 ? <ResultList results={full} testId="search-results" /> : null}
        {partial.length > 0 ? (
          <section aria-labelledby={partialId}>
            <h2 id={partialId}>{t('searchHelp.partialHeading')}</h2>
            <ResultList results={partial} testId={full.length > 0 ? 'search-results-partial' : 'search-results'} />
          </section>
        ) : null}
      </>
    );
  }

  return (
    <div className="page kb-search-page">
      <h1>{query ? t('search.resultsFor', { query }) : t('search.title')}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17; a form with role search is a landmark everywhere */}
      <form role="search" className="kb-search-page__form" aria-label={t('search.title')} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          key={query}
          id={inputId}
          name="q"
          type="search"
          className="kb-search__input"
          defaultValue={query}
          placeholder={t('search.placeholder')}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      <div aria-live="polite">{content}</div>
    </div>
  );
}
