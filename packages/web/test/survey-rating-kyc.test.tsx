import {
  apiPaths,
  KYC_CSRF_FIELD,
  KYC_FORM_PATH,
  kbPaths,
  messages,
  oneTouchPaths,
  ticketPaths,
} from '@selfserve/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleView } from '../src/components/article/article-view';
import { NodeList } from '../src/components/node-list';
import { TicketRating } from '../src/components/ticket-rating/ticket-rating';
import { OneTouchPanel } from '../src/features/onetouch/components/one-touch-panel';
import { setCsrfToken } from '../src/lib/api-client';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article, articleResponse, summary } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

const feedbackBlock = {
  heading: 'What could we explain better?',
  options: [
    { key: 'multiplier_unclear', text: 'How the peak multiplier is worked out' },
    { key: 'no_warning', text: "I didn't see a warning before booking" },
  ],
};
const surveyArticle = (embedded: Record<string, unknown> = {}) =>
  article({ id: '100202', title: 'Why are fares higher at peak times?', label_names: ['article_feedback'], embedded });

const calls = (fetch: ReturnType<typeof mockFetch>, path: string, method = 'POST') =>
  fetch.mock.calls.filter(([input, init]) => String(input).startsWith(path) && (init?.method ?? 'GET') === method);
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;

async function loaded() {
  await waitFor(() => expect(document.querySelector('[data-load-status="done"]')).not.toBeNull());
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  setCsrfToken('csrf-1');
});
afterEach(() => {
  setCsrfToken(null);
  setSelectedBooking(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('survey (guided-flows.md §4)', () => {
  const serve = (data = surveyArticle(), remembered: unknown = null) =>
    mockFetch({
      [kbPaths.articles]: () => jsonResponse(articleResponse(data)),
      [kbPaths.feedback]: (_url, init) =>
        jsonResponse(init?.method === 'POST' ? { status: 'SUCCESS' } : { status: 'SUCCESS', answer: remembered }),
      [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }),
    });

  it('Yes: a thank-you toast, and the survey completes', async () => {
    const fetch = serve(surveyArticle({ Feedback: feedbackBlock }));
    renderWithSession(<ArticleView id="100202" />);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('feedback-thanks')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Done !');
    expect(screen.queryByRole('button', { name: 'No' })).not.toBeInTheDocument();
    expect(bodyOf(calls(fetch, kbPaths.feedback)[0]?.[1])).toEqual({ article_id: '100202', helpful: true });
  });

  it("No: the article's own reasons; Submit once one is chosen sends it", async () => {
    const fetch = serve(surveyArticle({ Feedback: feedbackBlock }));
    renderWithSession(<ArticleView id="100202" />);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    const reasons = await screen.findByRole('group', { name: 'What could we explain better?' });
    expect(reasons).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(calls(fetch, kbPaths.feedback)).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: "I didn't see a warning before booking" }));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await screen.findByTestId('feedback-thanks')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, kbPaths.feedback)[0]?.[1])).toEqual({
      article_id: '100202',
      helpful: false,
      reason: 'no_warning',
    });
  });

  it('No without reasons completes at once', async () => {
    const fetch = serve();
    renderWithSession(<ArticleView id="100202" />);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByTestId('feedback-thanks')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(bodyOf(calls(fetch, kbPaths.feedback)[0]?.[1])).toEqual({ article_id: '100202', helpful: false });
  });

  it("an article opened for a ride answers for its CRN; a signed-in reader's answer comes from the server", async () => {
    const crn = '4992739872';
    const route = `/${crn}/dreport/100202`;
    const page = (
      <Routes>
        <Route path="/:crn/dreport/:articleId" element={<ArticleView id="100202" />} />
      </Routes>
    );
    const fetch = serve(surveyArticle({ Feedback: feedbackBlock }));
    const first = renderWithSession(page, { route, session: { user: riya } });
    await loaded();
    await waitFor(() => expect(calls(fetch, kbPaths.feedback, 'GET')).toHaveLength(1));
    expect(String(calls(fetch, kbPaths.feedback, 'GET')[0]?.[0])).toContain(`crn=${crn}`);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByTestId('feedback-thanks');
    expect(bodyOf(calls(fetch, kbPaths.feedback)[0]?.[1])).toEqual({ article_id: '100202', helpful: true, crn });
    first.unmount();

    // On another device (nothing in this browser): the server remembers it.
    window.localStorage.clear();
    serve(surveyArticle({ Feedback: feedbackBlock }), { helpful: false, reason: 'no_warning' });
    renderWithSession(page, { route, session: { user: riya } });
    expect(await screen.findByTestId('feedback-thanks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
  });
});

describe('support rating (guided-flows.md §4: INITIAL, COMPLETED)', () => {
  const ticket = {
    ticket_id: '4810999',
    status: 'open' as const,
    subject: 'AC was not working',
    created_at: '',
    updated_at: '',
    booking_id: null,
    order_id: null,
    article_name: 'AC was not working',
    rated: false,
  };
  const csat = {
    heading: 'How satisfied are you with the resolution?',
    options: [
      { key: 'refund_too_low', text: 'The refund was too low' },
      { key: 'took_too_long', text: 'It took too long' },
    ],
  };
  const serve = (embedded: Record<string, unknown>) =>
    mockFetch({
      [kbPaths.articles]: () => jsonResponse(articleResponse(article({ id: '101007', embedded }))),
      [ticketPaths.csat]: () => jsonResponse({ status: 'SUCCESS' }),
    });

  it("Bad offers the article's Csat options and sends the chosen key; then only the thanks stays", async () => {
    const fetch = serve({ Csat: csat });
    renderWithSession(<TicketRating ticket={ticket} articleId="101007" />, { session: { user: riya } });
    await userEvent.click(screen.getByRole('button', { name: 'Bad' }));
    expect(await screen.findByRole('group', { name: csat.heading })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Too slow' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'It took too long' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    const done = await screen.findByTestId('ticket-rated');
    expect(done).toHaveTextContent('Thank you for your feedback!');
    expect(done).toHaveAttribute('data-state', 'COMPLETED');
    expect(screen.queryByRole('button', { name: 'Good' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bad' })).not.toBeInTheDocument();
    const sent = calls(fetch, ticketPaths.csat);
    expect(sent).toHaveLength(1);
    expect(bodyOf(sent[0]?.[1])).toMatchObject({ ref_id: '4810999', reason: 'took_too_long' });
  });

  it('without Csat options, Bad offers the default reasons; Good completes at once', async () => {
    const fetch = serve({});
    const view = renderWithSession(<TicketRating ticket={ticket} articleId="101007" />, { session: { user: riya } });
    await userEvent.click(screen.getByRole('button', { name: 'Bad' }));
    expect(await screen.findByRole('radio', { name: 'Too slow' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Good' }));
    expect(await screen.findByTestId('ticket-rated')).toHaveAttribute('data-state', 'COMPLETED');
    expect(screen.queryByTestId('rating-bad-form')).not.toBeInTheDocument();
    expect(calls(fetch, ticketPaths.csat)).toHaveLength(1);
    view.unmount();
  });
});

describe('one-touch "other" option: 20 to 1500 characters', () => {
  const otherArticle = article({
    id: '101103',
    title: 'The driver asked me to cancel',
    labels: { one_touch: true, call_type: 'driver_asked_to_cancel' },
    options: [
      { text: 'The driver refused to come to my pickup', value: 'refused_pickup' },
      { text: 'Something else', value: 'something_else', type: 'other' },
    ],
  });

  it('asks for the text, says the catalogue message out of bounds, keeps the text, then sends it', async () => {
    setSelectedBooking({ id: 'b-1', crn: '1234567890', cab_category: 'mini' });
    const fetch = mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse({ status: 'SUCCESS', title: 'Request received', message: 'We will look into it.' }),
    });
    renderWithSession(<OneTouchPanel article={otherArticle} onReload={() => {}} />, { session: { user: riya } });
    await userEvent.click(screen.getByRole('button', { name: 'Something else' }));
    expect(screen.getByRole('heading', { name: 'Something else' })).toHaveFocus();
    const field = screen.getByRole('textbox', { name: 'Tell us what happened' });
    expect(field).toHaveAttribute('maxlength', '1500');
    const nineteen = 'x'.repeat(19);
    fireEvent.change(field, { target: { value: nineteen } });
    expect(screen.getByTestId('other-reason-count')).toHaveTextContent('19 of 1500 characters');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.otherReasonLength);
    expect(field).toHaveValue(nineteen);
    expect(calls(fetch, oneTouchPaths.submitV1)).toHaveLength(0);

    // Back to the options and in again: the text is still there.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Something else' }));
    expect(screen.getByRole('textbox', { name: 'Tell us what happened' })).toHaveValue(nineteen);

    fireEvent.change(screen.getByRole('textbox'), { target: { value: `${nineteen}y` } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Request received' })).toBeInTheDocument();
    const sent = calls(fetch, oneTouchPaths.submitV1);
    expect(sent).toHaveLength(1);
    expect(bodyOf(sent[0]?.[1])).toMatchObject({ option_selected: 'something_else', message: `${nineteen}y` });
  });
});

describe('KYC (guided-flows.md §2)', () => {
  const posted = () => {
    const form = document.querySelector<HTMLFormElement>('form[data-testid="kyc-form"]');
    if (!form) throw new Error('no KYC form was posted');
    return { form, fields: Object.fromEntries(new FormData(form)) };
  };
  afterEach(() => {
    for (const form of document.querySelectorAll('form[data-testid="kyc-form"]')) form.remove();
  });

  it('Update Now on an article with show_kyc posts the do_kyc form, and the way back says KYC started', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const kycArticle = article({ id: '100602', title: 'Complete KYC for your wallet', side_load: { show_kyc: true } });
    mockFetch({
      [kbPaths.articles]: () => jsonResponse(articleResponse(kycArticle)),
      [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }),
    });
    const view = renderWithSession(<ArticleView id="100602" />, { route: '/support/dreport/100602' });
    await userEvent.click(await screen.findByRole('button', { name: 'Update Now' }));
    expect(submit).toHaveBeenCalledTimes(1);
    const { form, fields } = posted();
    expect(form.getAttribute('action')).toBe(KYC_FORM_PATH);
    expect(form.method).toBe('post');
    expect(form.enctype).toBe('multipart/form-data');
    expect(fields).toEqual({
      cnl: '',
      nav: '100602',
      banner: 'kyc',
      landing: 'kyc',
      care_redirect_url: '/support/dreport/100602?kyc=done',
      source: 'web',
      [KYC_CSRF_FIELD]: 'csrf-1',
    });
    view.unmount();

    renderWithSession(<ArticleView id="100602" />, { route: '/support/dreport/100602?kyc=done' });
    expect(await screen.findByTestId('kyc-started')).toHaveTextContent(
      'Your KYC has been started. We will let you know by SMS once it is verified.',
    );
  });

  it('a KYC category in a list posts the form instead of opening; the others open', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const kyc = summary('100602', 'Complete KYC for your wallet', { label_names: ['do_your_kyc'] });
    const other = summary('100603', 'Download the app');
    renderWithSession(
      <Routes>
        <Route path="/home" element={<NodeList nodes={[kyc, other]} hrefFor={(n) => `/kb/${n.id}`} />} />
        <Route path="/kb/:id" element={<p>Opened</p>} />
      </Routes>,
    );
    await userEvent.click(screen.getByRole('link', { name: /Complete KYC/ }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(posted().fields).toMatchObject({ nav: '100602', banner: 'kyc', care_redirect_url: '/kb/100602?kyc=done' });
    expect(screen.queryByText('Opened')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Download the app/ }));
    expect(await screen.findByText('Opened')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
