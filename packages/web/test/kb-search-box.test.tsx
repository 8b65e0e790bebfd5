import { kbPaths, kbSearchResponseSchema, SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS_MAX } from '@selfserve/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '../src/app/shell/header';
import { SearchPage } from '../src/features/kb/routes/search';
import { summary } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

// Checked against the contract's schema, so the fixture cannot drift from the API.
const results = kbSearchResponseSchema.parse([
  {
    ...summary('100301', 'How refunds work'),
    snippet: 'When we approve a refund, you can choose…',
    snippet_marks: [[18, 24]],
    title_marks: [[4, 11]],
  },
  {
    ...summary('100302', 'Refund for a cancelled ride'),
    snippet: 'If you paid online for a ride',
    snippet_marks: [],
    title_marks: [[0, 6]],
  },
]);

/** The box loads its suggestions when first focused (kb-search-box.tsx): let that module arrive before typing. */
async function suggestionsLoaded() {
  await act(async () => {
    await import('../src/features/kb/components/kb-search-suggestions');
  });
}

describe('header search box: who sees it', () => {
  it.each([
    ['a visitor on the default site', {}, true],
    ['an India customer', { user: riya }, true],
    ['an Australian customer', { user: { ...riya, country_code: 'AU' } }, false],
    ['anyone on the UK host', { ukHost: true }, false],
    ['an India customer inside the app', { user: riya, inApp: true }, false],
    ['the customer app entry', { entryMode: 'customer_app' as const }, false],
  ])('%s → %s', (_name, session, visible) => {
    renderWithSession(<Header />, { session });
    if (visible) expect(screen.getByRole('combobox', { name: 'Search help articles' })).toBeInTheDocument();
    else expect(screen.queryByRole('combobox', { name: 'Search help articles' })).not.toBeInTheDocument();
  });
});

describe('header search box: suggestions', () => {
  async function typeQuery(text: string) {
    const box = screen.getByRole('combobox', { name: 'Search help articles' });
    fireEvent.focus(box);
    await suggestionsLoaded();
    fireEvent.change(box, { target: { value: text } });
    return box;
  }

  it('searches after the debounce, lists title and snippet, and opens a result with the keyboard', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch({ [kbPaths.search('customer')]: () => jsonResponse(results) });
    renderWithSession(
      <>
        <Header />
        <Location />
      </>,
      { session: { user: riya } },
    );
    const box = await typeQuery('refnd');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('query')).toBe('refnd');
    // The top five articles (the results page lists them all).
    expect(url.searchParams.get('limit')).toBe(String(SEARCH_SUGGESTIONS_MAX));
    expect(SEARCH_SUGGESTIONS_MAX).toBe(5);

    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('How refunds work');
    expect(options[0]).toHaveTextContent('When we approve a refund, you can choose…');
    // The matched words are marked in the title and the snippet.
    expect([...(options[0] as HTMLElement).querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'refunds',
      'refund',
    ]);
    expect(options[0]).toHaveAttribute('href', '/article/100301');
    expect(box).toHaveAttribute('aria-expanded', 'true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/article/100302');
  });

  it('goes to the results page on Enter with no suggestion chosen', async () => {
    mockFetch({});
    renderWithSession(
      <>
        <Header />
        <Location />
      </>,
    );
    const box = await typeQuery('refund');
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=refund');
  });

  it("says 'No Articles Found' when the server finds nothing", async () => {
    vi.useFakeTimers();
    mockFetch({
      [kbPaths.search('customer')]: () =>
        jsonResponse({ status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'No Articles Found' } }, 404),
    });
    renderWithSession(<Header />);
    await typeQuery('zzzqqq');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText('No Articles Found')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('/search page', () => {
  it('lists the results as links to the article page', async () => {
    mockFetch({ [kbPaths.search('customer')]: () => jsonResponse(results) });
    renderWithSession(<SearchPage />, { route: '/search?q=refund' });
    expect(await screen.findByRole('link', { name: 'How refunds work' })).toHaveAttribute('href', '/article/100301');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “refund”');
  });

  it("shows 'No Articles Found' for a 404", async () => {
    mockFetch({
      [kbPaths.search('customer')]: () =>
        jsonResponse({ status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'No Articles Found' } }, 404),
    });
    renderWithSession(<SearchPage />, { route: '/search?q=zzzqqq' });
    expect(await screen.findByTestId('search-empty')).toHaveTextContent('No Articles Found');
  });

  it('does not search fewer than 3 characters', () => {
    const fetchMock = mockFetch({});
    renderWithSession(<SearchPage />, { route: '/search?q=re' });
    expect(screen.getByText('Please type at least 3 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
