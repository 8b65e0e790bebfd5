import { kbPaths, SEARCH_DEBOUNCE_MS } from '@selfserve/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../src/app/shell/header';
import { SearchPage } from '../src/features/kb/routes/search';
import { summary } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

const notFound = () =>
  jsonResponse({ status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'No Articles Found' } }, 404);
const popular = [summary('100301', 'How refunds work'), summary('101102', 'Why was I charged a cancellation fee?')];

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

afterEach(() => {
  vi.useRealTimers();
});

/** The box loads its suggestions when first focused (kb-search-box.tsx): let that module arrive before typing. */
async function suggestionsLoaded() {
  await act(async () => {
    await import('../src/features/kb/components/kb-search-suggestions');
  });
}

describe('/search with no result: the next step', () => {
  it('shows the popular articles of the viewer’s index and the ways to contact support', async () => {
    const fetchMock = mockFetch({
      [kbPaths.search('customer')]: notFound,
      [kbPaths.popular]: () => jsonResponse({ status: 'SUCCESS', data: popular }),
    });
    renderWithSession(<SearchPage />, { route: '/search?q=teleportation', session: { user: riya } });
    expect(await screen.findByTestId('search-empty')).toHaveTextContent('No Articles Found');
    const list = await screen.findByRole('region', { name: 'Popular articles' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['How refunds work', '/article/100301'],
      ['Why was I charged a cancellation fee?', '/article/101102'],
    ]);
    const contact = screen.getByRole('region', { name: 'Still can’t find what you need?' });
    expect(within(contact).getByRole('link', { name: 'Call us' })).toHaveAttribute('href', '/callUs');
    // The customer index's write-to-us article.
    expect(within(contact).getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/dwritetous/100607');
    const asked = fetchMock.mock.calls
      .map((c) => new URL(String(c[0]), 'http://localhost'))
      .find((u) => u.pathname === kbPaths.popular);
    expect(asked?.searchParams.get('type')).toBe('customer');
  });

  it('leaves out a contact way whose master switch is off', async () => {
    mockFetch({
      [kbPaths.search('customer')]: notFound,
      [kbPaths.popular]: () => jsonResponse({ status: 'SUCCESS', data: [] }),
    });
    renderWithSession(<SearchPage />, {
      route: '/search?q=teleportation',
      session: { switches: { call_us: false, write_to_us: true, chat: true } },
    });
    const contact = await screen.findByTestId('search-contact');
    expect(within(contact).queryByRole('link', { name: 'Call us' })).not.toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'Write to us' })).toBeInTheDocument();
    expect(screen.queryByTestId('search-popular')).not.toBeInTheDocument();
  });

  it('lists partial matches under their own heading, after the full ones', async () => {
    mockFetch({
      [kbPaths.search('customer')]: () =>
        jsonResponse([
          { ...summary('100302', 'Refund for a cancelled ride'), snippet: 'refund' },
          { ...summary('100301', 'How refunds work'), snippet: 'refunds', partial: true },
        ]),
    });
    renderWithSession(<SearchPage />, { route: '/search?q=refund+cancelled+wallet' });
    const full = await screen.findByTestId('search-results');
    expect(
      within(full)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Refund for a cancelled ride']);
    const partial = screen.getByRole('region', { name: 'These match some of your words' });
    expect(
      within(partial)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['How refunds work']);
  });
});

describe('header search box', () => {
  it('closes the suggestions on Escape, keeps the query and the focus', async () => {
    vi.useFakeTimers();
    mockFetch({
      [kbPaths.search('customer')]: () => jsonResponse([{ ...summary('100301', 'How refunds work'), snippet: '' }]),
    });
    renderWithSession(<Header />, { session: { user: riya } });
    const box = screen.getByRole('combobox', { name: 'Search help articles' });
    box.focus();
    await suggestionsLoaded();
    fireEvent.change(box, { target: { value: 'refund' } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // false: the default (a search input clearing itself) was prevented.
    expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(false);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('refund');
    expect(box).toHaveFocus();
    // Arrow down opens them again.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers the next step when nothing is found', async () => {
    vi.useFakeTimers();
    mockFetch({ [kbPaths.search('customer')]: notFound });
    renderWithSession(
      <>
        <Header />
        <Location />
      </>,
    );
    const box = screen.getByRole('combobox', { name: 'Search help articles' });
    fireEvent.focus(box);
    await suggestionsLoaded();
    fireEvent.change(box, { target: { value: 'teleportation' } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    const next = screen.getByRole('link', { name: 'See popular articles and ways to contact us' });
    expect(next).toHaveAttribute('href', '/search?q=teleportation');
    fireEvent.click(next);
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=teleportation');
  });
});
