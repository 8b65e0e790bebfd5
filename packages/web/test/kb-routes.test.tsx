import { kbPaths } from '@selfserve/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticlePage, LastArticlePage, MainArticlePage } from '../src/features/kb/routes/article';
import { DreportPage, SupportSelectArticlePage } from '../src/features/kb/routes/dreport';
import { KbPage } from '../src/features/kb/routes/kb';
import { MainSectionPage, SectionByIdPage, SectionPage, SubsectionPage } from '../src/features/kb/routes/section';
import { SimpleArticlePage } from '../src/features/kb/routes/simple-article';
import { clearKbSelection, kbSelectionStore } from '../src/lib/kb/kb-selection';
import type { SessionState } from '../src/lib/session';
import { article, articleResponse, metaResponse, paymentsCategory, ridesCategory, summary } from './kb-fixtures';
import { jsonResponse, mockFetch, renderAppRoutes } from './utils';

const payments = article({
  id: '100300',
  title: 'Payments and refunds',
  type: 'category',
  parent_id: null,
  ancestors: [],
  articles: paymentsCategory.articles.map(({ articles: _, ...s }) => s),
});
const rides = article({
  id: '100200',
  title: 'Rides and fares',
  type: 'category',
  parent_id: null,
  ancestors: [],
  articles: ridesCategory.articles.map(({ articles: _, ...s }) => s),
});
const refunds = article({ id: '100301', title: 'How refunds work', related: [summary('100999', 'Server related')] });
const cancelled = article({ id: '100302', title: 'Refund for a cancelled ride' });
const byId: Record<string, ReturnType<typeof article>> = {
  '100200': rides,
  '100300': payments,
  '100301': refunds,
  '100302': cancelled,
};

function serveKb() {
  return mockFetch({
    [kbPaths.meta]: () => jsonResponse(metaResponse([ridesCategory, paymentsCategory])),
    [kbPaths.articles]: (url) => {
      const found = byId[url.searchParams.get('id') ?? ''];
      return found
        ? jsonResponse(articleResponse(found))
        : jsonResponse({ status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'Article not found.' } }, 404);
    },
    '/user_tracking/add_track': () => jsonResponse({ status: 'SUCCESS' }),
  });
}

function renderRoutes(entry: string | { pathname: string; search?: string }, session: Partial<SessionState> = {}) {
  return renderAppRoutes(
    [
      { path: '/home', element: <h1>Home page</h1> },
      { path: '/main', element: <h1>Main page</h1> },
      { path: '/section', element: <SectionPage /> },
      { path: '/section/:sectionId', element: <SectionByIdPage /> },
      { path: '/subsection', element: <SubsectionPage /> },
      { path: '/:categoryId/mainsection', element: <MainSectionPage /> },
      { path: '/article', element: <LastArticlePage /> },
      { path: '/mainarticle', element: <MainArticlePage /> },
      { path: '/article/:id', element: <ArticlePage /> },
      { path: '/dreport/:articleId?/:type?', element: <DreportPage /> },
      { path: '/support/dreport/:articleId/select', element: <SupportSelectArticlePage /> },
      { path: '/kb', element: <KbPage /> },
      { path: '/kb/:id1', element: <KbPage /> },
      { path: '/kb/:id1/:id2', element: <KbPage /> },
      { path: '/kb/:id1/:id2/:id3', element: <KbPage /> },
      { path: '/simple_article', element: <SimpleArticlePage /> },
    ],
    { initialEntries: [entry] },
    session,
  ).router;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  window.sessionStorage.clear();
  clearKbSelection();
  window.history.replaceState({ idx: 0 }, '');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/kb: the hierarchical knowledge base', () => {
  it('shows the first top category when no id is given', async () => {
    serveKb();
    renderRoutes('/kb');
    await heading('Rides and fares');
    const list = screen.getByTestId('category-list');
    expect(within(list).getByRole('link', { name: 'Payments and refunds' })).toHaveAttribute('href', '/kb/100300');
    expect(screen.getByRole('link', { name: 'How is my fare calculated?' })).toHaveAttribute(
      'href',
      '/kb/100200/100201',
    );
  });

  it('goes down a category to an article and its siblings, and back up level by level', async () => {
    serveKb();
    const router = renderRoutes('/kb/100300');
    await heading('Payments and refunds');
    expect(screen.getByTestId('kb-back')).toHaveAttribute('href', '/kb');

    fireEvent.click(screen.getByRole('link', { name: 'How refunds work' }));
    await heading('How refunds work');
    expect(router.state.location.pathname).toBe('/kb/100300/100301');
    // Related: the parent's other children, not the server's related list.
    const related = await screen.findByTestId('related-topics');
    await waitFor(() =>
      expect(within(related).getByRole('link', { name: 'Refund for a cancelled ride' })).toHaveAttribute(
        'href',
        '/kb/100300/100302',
      ),
    );
    expect(within(related).queryByText('How refunds work')).not.toBeInTheDocument();
    expect(within(related).queryByText('Server related')).not.toBeInTheDocument();

    fireEvent.click(within(related).getByRole('link', { name: 'Refund for a cancelled ride' }));
    await heading('Refund for a cancelled ride');
    expect(router.state.location.pathname).toBe('/kb/100300/100302');

    fireEvent.click(screen.getByTestId('kb-back'));
    await heading('Payments and refunds');
    expect(router.state.location.pathname).toBe('/kb/100300');
    fireEvent.click(screen.getByTestId('kb-back'));
    await heading('Rides and fares');
    expect(router.state.location.pathname).toBe('/kb');
  });
});

describe('selection routes (spec §2)', () => {
  it.each([
    ['/section', 'Home page'],
    ['/subsection', 'Main page'],
    ['/mainarticle', 'Main page'],
    ['/article', 'Home page'],
    ['/dreport', 'Main page'],
  ])('%s without a selection goes to %s', async (path, target) => {
    mockFetch({});
    renderRoutes(path);
    expect(await heading(target)).toBeInTheDocument();
  });

  it('opens an article at its readable address /article/{id}-{slug} (issue 19), asking for the id alone', async () => {
    const fetchMock = serveKb();
    renderRoutes('/article/100301-how-refunds-work');
    expect(await heading('How refunds work')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
      .filter((u) => u.pathname === kbPaths.articles)
      .map((u) => u.searchParams.get('id'));
    expect(asked).toContain('100301');
    expect(asked).not.toContain('100301-how-refunds-work');
  });

  it('/section and /article show what was last opened', async () => {
    serveKb();
    const router = renderRoutes('/article/100301');
    await heading('How refunds work');
    await waitFor(() => expect(kbSelectionStore.get().articleId).toBe('100301'));
    await router.navigate('/article/100300');
    await heading('Payments and refunds');
    await waitFor(() => expect(kbSelectionStore.get().categoryId).toBe('100300'));
    // The page before shows the same heading: wait for the new route, then query afresh each time.
    const shows = async (path: string, title: string) => {
      await router.navigate(path);
      await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
      expect(router.state.location.pathname).toBe(path);
      await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument());
    };
    await shows('/section', 'Payments and refunds');
    await shows('/article', 'How refunds work');
  });
});

describe('/section/{id} (issue 14)', () => {
  it('opens that section fresh, whatever was selected before, and links its children by their own form', async () => {
    serveKb();
    kbSelectionStore.set({ categoryId: '100200', sectionId: '100200', articleId: null });
    const router = renderRoutes('/section/100300');
    await heading('Payments and refunds');
    expect(router.state.location.pathname).toBe('/section/100300');
    expect(screen.getByRole('link', { name: 'How refunds work' })).toHaveAttribute('href', '/article/100301');
    // it becomes the selection the old forms (/section, /subsection) show
    await waitFor(() => expect(kbSelectionStore.get().categoryId).toBe('100300'));
  });

  it('answers an unknown id as any unknown node: Article not found.', async () => {
    serveKb();
    renderRoutes('/section/999999');
    expect(await screen.findByRole('heading', { name: 'Article not found.' })).toBeInTheDocument();
  });
});

describe('/{categoryId}/mainsection', () => {
  it('shows the sections of that category', async () => {
    serveKb();
    renderRoutes('/100300/mainsection');
    await heading('Payments and refunds');
    expect(screen.getByRole('link', { name: 'How refunds work' })).toHaveAttribute('href', '/article/100301');
  });

  it('replaces a legacy single-digit link with itself once, then shows it', async () => {
    const fetchMock = serveKb();
    const router = renderRoutes('/5/mainsection');
    await screen.findByRole('heading', { name: 'Article not found.' });
    expect(router.state.location.pathname).toBe('/5/mainsection');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ legacyRedirect: true });
    const calls = fetchMock.mock.calls.filter(([input]) => String(input).startsWith(kbPaths.articles));
    expect(new URL(String(calls[0]?.[0]), 'http://localhost').searchParams.get('id')).toBe('5');
  });
});

describe('article routes with indexes', () => {
  it('/support/dreport/{id}/select reads the membership index, then customer', async () => {
    const fetchMock = serveKb();
    renderRoutes('/support/dreport/100301/select');
    await heading('How refunds work');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.getAll('index_name')).toEqual(['customer_select', 'customer']);
  });

  it('/dreport/{id} defaults to the customer type (the server picks the indexes)', async () => {
    const fetchMock = serveKb();
    renderRoutes('/dreport/100301');
    await heading('How refunds work');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.getAll('index_name')).toEqual([]);
  });
});

describe('/simple_article', () => {
  /** A page framing this one: window.parent is another window while the test runs. */
  function inParentPage() {
    const parent = { postMessage: vi.fn() };
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    return parent;
  }
  afterEach(() => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
  });

  it('in a share-pass popup, Back posts {type:CLOSE} to the configured parent origins only', async () => {
    serveKb();
    const parent = inParentPage();
    const router = renderRoutes('/simple_article?id=100301&pass_id=SP123', {
      parentOrigins: ['https://partner.example.com', 'https://other.example.com'],
    });
    await heading('How refunds work');
    fireEvent.click(screen.getByTestId('kb-back'));
    expect(parent.postMessage.mock.calls).toEqual([
      [{ type: 'CLOSE' }, 'https://partner.example.com'],
      [{ type: 'CLOSE' }, 'https://other.example.com'],
    ]);
    // the parent closes the popup: the page itself stays
    expect(router.state.location.pathname).toBe('/simple_article');
  });

  it('in a share-pass popup with no parent origin configured, Back posts nothing', async () => {
    serveKb();
    const parent = inParentPage();
    renderRoutes('/simple_article?id=100301&pass_id=SP123');
    await heading('How refunds work');
    fireEvent.click(screen.getByTestId('kb-back'));
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('without pass_id Back navigates as usual and posts nothing', async () => {
    serveKb();
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    const router = renderRoutes('/simple_article?id=100301');
    await heading('How refunds work');
    fireEvent.click(screen.getByTestId('kb-back'));
    await heading('Payments and refunds');
    // the parent is a category: it opens by its id (issue 14)
    expect(router.state.location.pathname).toBe('/section/100300');
    expect(post).not.toHaveBeenCalled();
  });
});
