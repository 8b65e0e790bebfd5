import { type KbSearchResult, SEARCH_MIN_CHARS, SEARCH_SUGGESTIONS_MAX } from '@selfserve/contract';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { contentLang } from '../../../lib/content-lang';
import { useI18n } from '../../../lib/i18n';
import { articleHref, searchHref } from '../../../lib/kb/paths';
import { searchTypeOf } from '../../../lib/kb/search-type';
import { useSession } from '../../../lib/session';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { Highlighted } from './kb-search-highlight';

const none: KbSearchResult[] = [];

export interface KbSearchSuggestionsProps {
  listId: string;
  text: string;
  open: boolean;
  active: number;
  /** The suggestions now shown (none while the query is short, unanswered or failed), for the box's keys. */
  onResults: (results: KbSearchResult[]) => void;
  onClose: () => void;
}

/**
 * The header search box's suggestions (kb-search-box.tsx): the debounced search, the listbox, the spoken status and,
 * with no result, the link to the results page's next step (popular articles, ways to contact us). Loaded when the
 * reader first reaches for the box, so the first page carries only the box.
 */
export function KbSearchSuggestions({ listId, text, open, active, onResults, onClose }: KbSearchSuggestionsProps) {
  const { t, locale } = useI18n();
  const { user, isMember } = useSession();
  const type = searchTypeOf(user?.role, isMember);
  // The search call (and the contract schemas it brings) loads with the first search. The top few articles, best
  // first: the results page lists them all.
  const search = useCallback(
    (query: string) =>
      import('../../../lib/kb/search-articles').then((m) =>
        m.searchArticles({ type, query, limit: SEARCH_SUGGESTIONS_MAX }),
      ),
    [type],
  );
  const result = useDebouncedSearch(text, search);
  const trimmed = text.trim();
  const long = trimmed.length >= SEARCH_MIN_CHARS && result.query !== null;
  const results = long ? (result.data ?? none) : none;
  const showList = open && results.length > 0;
  const showEmpty = open && long && !result.error && results.length === 0 && !result.searching;

  useEffect(() => onResults(results), [results, onResults]);

  return (
    <>
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
                onClick={onClose}
                lang={contentLang(item.title, locale)}
              >
                <span className="kb-search__title">
                  <Highlighted text={item.title} marks={item.title_marks} />
                </span>
                <span className="kb-search__snippet">
                  <Highlighted text={item.snippet} marks={item.snippet_marks} />
                </span>
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
            onClick={onClose}
          >
            {t('searchHelp.nextStep')}
          </Link>
        </p>
      ) : null}
    </>
  );
}
