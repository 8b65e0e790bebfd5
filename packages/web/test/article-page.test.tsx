import { type Article, apiPaths, kbPaths } from '@selfserve/contract';
import fr from '@selfserve/contract/locales/fr.json';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleView } from '../src/components/article/article-view';
import { setLocale } from '../src/lib/i18n';
import { article, articleResponse, summary } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession } from './utils';

/** Serves one article; `next` (if given) is what the article answers after a vote. */
function serve(first: Article, next?: Article) {
  let current = first;
  return mockFetch({
    [kbPaths.articles]: () => jsonResponse(articleResponse(current)),
    [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }),
    [kbPaths.feedback]: () => {
      if (next) current = next;
      return jsonResponse({ status: 'SUCCESS' });
    },
  });
}

const inSection = (overrides: Partial<Article> = {}) =>
  article({
    parent_id: '100310',
    ancestors: [
      summary('100300', 'Payments and refunds', { type: 'category' }),
      summary('100310', 'Refunds', { type: 'sub_category', parent_id: '100300' }),
    ],
    ...overrides,
  });

async function loaded() {
  return waitFor(() => {
    const page = document.querySelector('[data-load-status="done"]');
    expect(page).not.toBeNull();
    return page as HTMLElement;
  });
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLocale('en');
});

describe('breadcrumbs', () => {
  it('names Help Centre, the category and the section as links, in order, and the page as the current one', async () => {
    serve(inSection());
    renderWithSession(<ArticleView id="100301" />, { route: '/article/100301' });
    await loaded();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Help Centre',
      'Payments and refunds',
      'Refunds',
      'How refunds work',
    ]);
    const links = within(nav).getAllByRole('link');
    // Each level opens where the page's other links to that node go (its page: /article/{id} or /section/{id}).
    expect(links.map((a) => [a.textContent, a.getAttribute('href')?.replace(/^\/(article|section)\//, '/…/')])).toEqual(
      [
        ['Help Centre', '/home'],
        ['Payments and refunds', '/…/100300'],
        ['Refunds', '/…/100310'],
      ],
    );
    const current = within(items[3] as HTMLElement).getByText('How refunds work');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.closest('a')).toBeNull();
  });

  it('takes the links a page gives (ancestorHref), and shows only Help Centre over a top category', async () => {
    serve(inSection());
    const first = renderWithSession(<ArticleView id="100301" ancestorHref={(n) => `/section/${n.id}`} />);
    await loaded();
    expect(screen.getByRole('link', { name: 'Refunds' })).toHaveAttribute('href', '/section/100310');
    first.unmount();

    serve(article({ id: '100300', title: 'Payments and refunds', type: 'category', parent_id: null, ancestors: [] }));
    renderWithSession(<ArticleView id="100300" />);
    await loaded();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Help Centre', 'Payments and refunds']);
  });
});

describe('last updated', () => {
  it("shows the content's date in the reader's language, for articles only", async () => {
    serve(inSection({ updated: '2026-03-14' }));
    const first = renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByTestId('article-updated').textContent).toMatch(/^Last updated (14 March 2026|March 14, 2026)$/);
    first.unmount();

    await setLocale('fr');
    serve(inSection({ updated: '2026-03-14', language: 'en' }));
    const second = renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByTestId('article-updated')).toHaveTextContent('Dernière mise à jour : 14 mars 2026');
    second.unmount();
    await setLocale('en');

    serve(inSection({ updated: null }));
    const third = renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.queryByTestId('article-updated')).not.toBeInTheDocument();
    third.unmount();

    serve(article({ id: '100300', type: 'category', parent_id: null, ancestors: [], updated: '2026-03-14' }));
    renderWithSession(<ArticleView id="100300" />);
    await loaded();
    expect(screen.queryByTestId('article-updated')).not.toBeInTheDocument();
    expect(screen.queryByTestId('copy-link')).not.toBeInTheDocument();
  });
});

describe('N of M found this helpful', () => {
  const withFeedback = (helpful: number, total: number) =>
    inSection({ label_names: ['article_feedback'], feedback: { helpful, total } });

  it('says nothing before anyone has answered', async () => {
    serve(withFeedback(0, 0));
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.queryByTestId('helpful-count')).not.toBeInTheDocument();
  });

  it('shows the stored counts, and counts the reader’s vote once it is in', async () => {
    serve(withFeedback(2, 3), withFeedback(3, 4));
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByTestId('helpful-count')).toHaveTextContent('2 of 3 found this helpful');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('feedback-thanks')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('helpful-count')).toHaveTextContent('3 of 4 found this helpful'));
  });

  it('uses the plural forms of the reader’s language', async () => {
    await setLocale('fr');
    serve(withFeedback(1, 2));
    const first = renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByTestId('helpful-count')).toHaveTextContent(
      fr.articlePage.helpfulCount_one.replace('{n}', '1').replace('{total}', '2'),
    );
    first.unmount();
    serve(withFeedback(5, 7));
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByTestId('helpful-count')).toHaveTextContent('5 personnes sur 7 ont trouvé cet article utile');
  });
});

describe('share', () => {
  it('copies the page address and says so politely', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    serve(inSection());
    renderWithSession(<ArticleView id="100301" />, { route: '/article/100301?ref=x' });
    await loaded();
    expect(screen.queryByTestId('web-share')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/article/100301?ref=x`));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Link copied');
    expect(toast.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
  });

  it('says when the link could not be copied', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    serve(inSection());
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'The link could not be copied. Copy it from the address bar.',
    );
  });

  it('offers the system share sheet where the browser has one', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    serve(inSection());
    renderWithSession(<ArticleView id="100301" />, { route: '/article/100301' });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'How refunds work',
        url: `${window.location.origin}/article/100301`,
      }),
    );
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('prints the address under the article (shown only on paper)', async () => {
    serve(inSection());
    renderWithSession(<ArticleView id="100301" />, { route: '/article/100301' });
    await loaded();
    expect(screen.getByTestId('article-print-url')).toHaveTextContent(
      `This article online: ${window.location.origin}/article/100301`,
    );
  });
});
