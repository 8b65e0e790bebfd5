import { type KbSearchResult, SEARCH_MIN_CHARS } from '@selfserve/contract';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { contentLang } from '../../../lib/content-lang';
import { useI18n } from '../../../lib/i18n';
import { articleHref, searchHref } from '../../../lib/kb/paths';
import { searchTypeOf } from '../../../lib/kb/search-type';
import { useSession } from '../../../lib/session';
import { useDebouncedSearch } from '../hooks/use-debounced-search';

/**
 * The header search box (spec §6, guided-flows §2): a combobox whose suggestions come from the debounced
 * search. Arrow keys move through the suggestions, Enter opens the highlighted one or, with none
 * highlighted, the full results page (/search?q=), Escape closes the list and keeps the query. With no result, a link
 * leads to the results page's next step (popular articles, ways to contact us).
 */
export function KbSearchBox() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isMember } = useSession();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const type = searchTypeOf(user?.role, isMember);
  // The header is on every first page: the search call (and the contract schemas it brings) loads with
  // the first search, not with the page.
  const search = useCallback(
    (query: string) =>
      import('../../../lib/kb/search-articles').then((m) => m.searchArticles({ type, query, limit: 8 })),
    [type],
  );
  const result = useDebouncedSearch(text, search);

  // A new page closes the suggestions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.key]);

  const trimmed = text.trim();
  const results: KbSearchResult[] =
    trimmed.length >= SEARCH_MIN_CHARS && result.query !== null ? (result.data ?? []) : [];
  const answered = trimmed.length >= SEARCH_MIN_CHARS && result.query !== null && !result.error;
  const showList = open && results.length > 0;
  const showEmpty = open && answered && results.length === 0 && !result.searching;

  const openResult = (item: KbSearchResult) => {
    setOpen(false);
    void navigate(articleHref(item.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      // Closes the suggestions and keeps the query (a search input's own Escape would clear it); focus stays here.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && showList && active >= 0 && results[active]) {
      event.preventDefault();
      openResult(results[active]);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed.length === 0) return;
    setOpen(false);
    void navigate(searchHref(trimmed));
  };

  return (
    <div className="kb-search" data-testid="kb-search">
      {/* Named: the search page has a search landmark of its own (axe landmark-unique). */}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom; a form with role search is a landmark everywhere */}
      <form role="search" className="kb-search__form" aria-label={t('search.label')} onSubmit={onSubmit}>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={`${id}-input`}
          type="search"
          className="kb-search__input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="kb-search__submit">
          <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 20 20">
            <path
              fill="currentColor"
              d="M8.5 2a6.5 6.5 0 0 1 5.2 10.4l4.4 4.4-1.4 1.4-4.4-4.4A6.5 6.5 0 1 1 8.5 2zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z"
            />
          </svg>
          <span className="visually-hidden">{t('search.submit')}</span>
        </button>
        <div
          id={listId}
          role="listbox"
          aria-label={t('search.resultsLabel')}
          className="kb-search__results"
          hidden={!showList}
          // Keep focus in the box while a suggestion is clicked, so the click is not lost to blur.
          onMouseDown={(e) => e.preventDefault()}
          data-testid="kb-search-results"
        >
          {showList
            ? results.map((item, index) => (
                <Link
                  key={item.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  tabIndex={-1}
                  to={articleHref(item.id)}
                  className="kb-search__option"
                  onClick={() => setOpen(false)}
                  lang={contentLang(item.title, locale)}
                >
                  <span className="kb-search__title">{item.title}</span>
                  <span className="kb-search__snippet">{item.snippet}</span>
                </Link>
              ))
            : null}
        </div>
        <p className="kb-search__status" role="status" aria-live="polite">
          {showEmpty ? t('noArticlesFound') : result.searching && open ? t('search.searching') : ''}
        </p>
        {showEmpty ? (
          // The next step after no result: the results page lists popular articles and the ways to contact us.
          // Pressing it keeps focus in the box, so the click is not lost to blur.
          <p className="kb-search__next">
            <Link
              to={searchHref(trimmed)}
              data-testid="kb-search-next-step"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => setOpen(false)}
            >
              {t('searchHelp.nextStep')}
            </Link>
          </p>
        ) : null}
      </form>
    </div>
  );
}
