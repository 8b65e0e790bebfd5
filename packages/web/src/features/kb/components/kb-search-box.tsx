import type { KbSearchResult } from '@selfserve/contract';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { articleHref, searchHref } from '../../../lib/kb/paths';

// The suggestions (and the debounced search behind them) load when the reader first points at, focuses or types in
// the box: the header is on every first page, the suggestions are needed only by those who search from it.
const loadSuggestions = () => import('./kb-search-suggestions');
const KbSearchSuggestions = lazy(() => loadSuggestions().then((module) => ({ default: module.KbSearchSuggestions })));

/**
 * The header search box (spec §6, guided-flows §2): a combobox whose suggestions come from the debounced
 * search. Arrow keys move through the suggestions, Enter opens the highlighted one or, with none
 * highlighted, the full results page (/search?q=), Escape closes the list and keeps the query. With no result, a link
 * leads to the results page's next step (popular articles, ways to contact us).
 */
export function KbSearchBox() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [results, setResults] = useState<KbSearchResult[]>([]);
  const [wanted, setWanted] = useState(false);
  const want = () => {
    void loadSuggestions();
    setWanted(true);
  };
  const close = useCallback(() => setOpen(false), []);

  // A new page closes the suggestions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.key]);

  const trimmed = text.trim();
  const showList = open && results.length > 0;

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
            want();
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onPointerEnter={want}
          onFocus={() => {
            want();
            setOpen(true);
          }}
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
        {wanted ? (
          <Suspense fallback={null}>
            <KbSearchSuggestions
              listId={listId}
              text={text}
              open={open}
              active={active}
              onResults={setResults}
              onClose={close}
            />
          </Suspense>
        ) : null}
      </form>
    </div>
  );
}
