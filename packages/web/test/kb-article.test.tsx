import { apiPaths, CSRF_HEADER, kbPaths } from '@selfserve/contract';
import hi from '@selfserve/contract/locales/hi.json';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleView } from '../src/components/article/article-view';
import { setCsrfToken } from '../src/lib/api-client';
import { setLocale } from '../src/lib/i18n';
import { sanitizeArticleHtml } from '../src/lib/kb/sanitize-html';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { allSwitchesOn } from '../src/lib/session';
import { validCrn } from './booking-fixtures';
import { article, articleResponse, notFoundBody, serverErrorBody } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession } from './utils';

const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';

function serveArticle(data = article()) {
  return mockFetch({
    [kbPaths.articles]: () => jsonResponse(articleResponse(data)),
    [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }),
    [kbPaths.feedback]: () => jsonResponse({ status: 'SUCCESS' }),
  });
}

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

describe('article page: load states (spec §4, §8)', () => {
  it('shows nothing for no id, the Loader while in progress, then the article', async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch({ [kbPaths.articles]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { rerender } = renderWithSession(<ArticleView id={null} />);
    expect(document.querySelector('[data-load-status]')).toBeNull();

    rerender(<ArticleView id="100301" />);
    const pending = document.querySelector<HTMLElement>('[data-load-status="in_progress"]');
    expect(pending).not.toBeNull();
    expect(within(pending as HTMLElement).getByRole('status')).toHaveTextContent('Loading…');

    answer(jsonResponse(articleResponse(article())));
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'How refunds work' })).toBeInTheDocument();
    expect(screen.getByTestId('article-body')).toHaveTextContent('When we approve a refund');
  });

  it("shows 'Article not found.' for a 404", async () => {
    mockFetch({ [kbPaths.articles]: () => jsonResponse(notFoundBody, 404) });
    renderWithSession(<ArticleView id="999999" />);
    expect(await screen.findByRole('heading', { name: 'Article not found.' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
  });

  it('shows the generic failure for any other error', async () => {
    mockFetch({ [kbPaths.articles]: () => jsonResponse(serverErrorBody, 500) });
    renderWithSession(<ArticleView id="100301" />);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Article not found.')).not.toBeInTheDocument();
  });

  it('asks for the id (and the indexes) it is given', async () => {
    const fetchMock = serveArticle();
    renderWithSession(<ArticleView id="100301" indexNames={['customer_select', 'customer']} />);
    await loaded();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('id')).toBe('100301');
    expect(url.searchParams.getAll('index_name')).toEqual(['customer_select', 'customer']);
  });
});

describe("article in the reader's language (docs/i18n.md)", () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('says in Hindi that an English-only article is not yet translated, and marks its text as English', async () => {
    await setLocale('hi');
    serveArticle(article({ language: 'en' }));
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByTestId('article-not-translated')).toHaveTextContent(hi.kb.notTranslated);
    expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    expect(screen.getByTestId('article-body')).toHaveAttribute('lang', 'en');
  });

  it('adds no note to a translated article', async () => {
    await setLocale('hi');
    serveArticle(article({ language: 'hi', title: 'रिफ़ंड कैसे काम करता है' }));
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.queryByTestId('article-not-translated')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveAttribute('lang');
  });
});

describe('article body', () => {
  it('renders a hostile body without script, handlers or javascript: URLs', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    serveArticle(article({ body: HOSTILE, html_body: HOSTILE }));
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    const body = screen.getByTestId('article-body');
    expect(body.querySelector('script')).toBeNull();
    // The image may be swapped for its zoomable form after a lazy load: wait until it is in place.
    const img = await waitFor(() => {
      const found = body.querySelector('img');
      expect(found).not.toBeNull();
      return found as HTMLImageElement;
    });
    expect(img.getAttribute('onerror')).toBeNull();
    for (const el of body.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
    }
    const link = body.querySelector('a');
    expect(link).not.toBeNull();
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect(body.innerHTML).not.toMatch(/alert\(2\)|javascript:/i);
    expect(alert).not.toHaveBeenCalled();
  });

  it('drops embedded JSON blocks, forms and inline styles; external links open safely', () => {
    const html = sanitizeArticleHtml(
      '<p style="position:fixed">Hi</p><div id="Feedback">{"heading":"x"}</div><form><input name="pin"></form>' +
        '<a href="https://example.org/help">out</a><a href="/article/100302" target="_blank">in</a>',
    );
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect(holder.querySelector('#Feedback')).toBeNull();
    expect(holder.querySelector('form, input')).toBeNull();
    expect(holder.querySelector('[style]')).toBeNull();
    const [out, inside] = holder.querySelectorAll('a');
    expect(out?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(out?.getAttribute('target')).toBe('_blank');
    expect(inside?.hasAttribute('target')).toBe(false);
  });

  it('hides the body with hide_body and repeats the title with show_title', async () => {
    serveArticle(article({ labels: { hide_body: true, show_title: true } }));
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.queryByTestId('article-body')).not.toBeInTheDocument();
    expect(screen.getByTestId('article-shown-title')).toHaveTextContent('How refunds work');
  });

  it('lists the children of a category and the related topics', async () => {
    serveArticle(
      article({
        id: '100300',
        title: 'Payments and refunds',
        type: 'category',
        ancestors: [],
        articles: [article({ id: '100301', title: 'How refunds work' })],
        related: [article({ id: '100305', title: 'Ride receipts and invoices' })],
      }),
    );
    renderWithSession(<ArticleView id="100300" />);
    await loaded();
    expect(screen.getByRole('link', { name: 'How refunds work' })).toHaveAttribute('href', '/article/100301');
    expect(screen.getByTestId('related-topics')).toHaveTextContent('Ride receipts and invoices');
  });
});

describe('article footer (labels and master switches)', () => {
  it.each([
    ['no labels, switches on', {}, allSwitchesOn, true, true],
    ['minus_call_us', { minus_call_us: true }, allSwitchesOn, false, true],
    ['minus_write_to_us', { minus_write_to_us: true }, allSwitchesOn, true, false],
    ['call-us switched off', {}, { ...allSwitchesOn, call_us: false }, false, true],
    ['write-to-us switched off', {}, { ...allSwitchesOn, write_to_us: false }, true, false],
    ['label and switch together', { minus_call_us: 'true' }, { ...allSwitchesOn, write_to_us: false }, false, false],
  ])('%s', async (_name, labels, switches, callUs, writeToUs) => {
    serveArticle(article({ labels }));
    renderWithSession(<ArticleView id="100301" />, { session: { switches } });
    await loaded();
    // The code asked for there is bound to the article being read.
    if (callUs) expect(screen.getByTestId('call-us-link')).toHaveAttribute('href', '/callUs?article_id=100301');
    else expect(screen.queryByTestId('call-us-link')).not.toBeInTheDocument();
    if (writeToUs) expect(screen.getByTestId('write-to-us-link')).toHaveAttribute('href', '/dwritetous/100301');
    else expect(screen.queryByTestId('write-to-us-link')).not.toBeInTheDocument();
    if (!callUs && !writeToUs) expect(screen.queryByTestId('article-footer')).not.toBeInTheDocument();
  });
});

describe('article footer: write to us', () => {
  afterEach(() => setSelectedBooking(null));

  it("opens the article's issue form in the selected booking's context", async () => {
    setSelectedBooking({ id: 'bk_riya_001', crn: validCrn, cab_category: 'prime' });
    serveArticle(article());
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByTestId('write-to-us-link')).toHaveAttribute('href', `/${validCrn}/dwritetous/100301`);
  });

  it('leaves the link out when the page shows the form itself', async () => {
    serveArticle(article());
    renderWithSession(<ArticleView id="100301" renderExtra={() => <p>the form</p>} />);
    await loaded();
    expect(screen.getByText('the form')).toBeInTheDocument();
    expect(screen.queryByTestId('write-to-us-link')).not.toBeInTheDocument();
    expect(screen.getByTestId('call-us-link')).toBeInTheDocument();
  });
});

describe("'Was this helpful?'", () => {
  afterEach(() => setCsrfToken(null));

  it('posts one answer with the CSRF token, thanks the user and remembers it', async () => {
    setCsrfToken('csrf-1');
    const fetchMock = serveArticle(article({ label_names: ['article_feedback'] }));
    const first = renderWithSession(<ArticleView id="100301" />);
    await loaded();
    const yes = screen.getByRole('button', { name: 'Yes' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByTestId('feedback-thanks')).toHaveTextContent('Thank you for your feedback.');
    expect(screen.getByTestId('toast')).toHaveTextContent('Done !');

    const posts = fetchMock.mock.calls.filter(([input]) => String(input).startsWith(kbPaths.feedback));
    expect(posts).toHaveLength(1);
    const init = posts[0]?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ article_id: '100301', helpful: true });
    expect((init.headers as Record<string, string>)[CSRF_HEADER]).toBe('csrf-1');

    // Another visit to the same article: the answer is remembered, the question is not asked again.
    first.unmount();
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.getByTestId('feedback-thanks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith(kbPaths.feedback))).toHaveLength(1);
  });

  it('is only asked on articles tagged article_feedback', async () => {
    serveArticle(article({ label_names: [] }));
    renderWithSession(<ArticleView id="100301" />);
    await loaded();
    expect(screen.queryByText('Was this helpful?')).not.toBeInTheDocument();
  });
});

describe('viewed-article event (spec §4: after at least one second)', () => {
  const viewEvents = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).startsWith(apiPaths.addTrack))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)))
      .filter((event) => event.event === 'article_viewed');

  it('is not sent for a view shorter than one second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = serveArticle();
    const view = renderWithSession(<ArticleView id="100301" />, { route: '/article/100301' });
    await loaded();
    act(() => vi.setSystemTime(Date.now() + 999));
    view.unmount();
    expect(viewEvents(fetchMock)).toEqual([]);
  });

  it('is sent with the article id and seconds when the page is left after one second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = serveArticle();
    const view = renderWithSession(<ArticleView id="100301" />, { route: '/article/100301' });
    await loaded();
    act(() => vi.setSystemTime(Date.now() + 1000));
    view.unmount();
    expect(viewEvents(fetchMock)).toEqual([
      { event: 'article_viewed', page: '/article/100301', properties: { article_id: '100301', seconds: 1 } },
    ]);
  });

  it('is sent for the previous article when the article changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = mockFetch({
      [kbPaths.articles]: (url) =>
        jsonResponse(articleResponse(article({ id: url.searchParams.get('id') ?? '', title: 'Another' }))),
      [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }),
    });
    const view = renderWithSession(<ArticleView id="100301" />);
    await waitFor(() => expect(document.querySelector('[data-article-id="100301"]')).not.toBeNull());
    act(() => vi.setSystemTime(Date.now() + 2500));
    view.rerender(<ArticleView id="100302" />);
    await waitFor(() => expect(document.querySelector('[data-article-id="100302"]')).not.toBeNull());
    expect(viewEvents(fetchMock)).toEqual([
      { event: 'article_viewed', page: '/home', properties: { article_id: '100301', seconds: 2 } },
    ]);
  });
});
