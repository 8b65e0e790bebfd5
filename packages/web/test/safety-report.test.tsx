import { IDEMPOTENCY_HEADER, messages, oneTouchPaths, type SessionUser } from '@selfserve/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleFlowPanel } from '../src/app/article-flow-forms';
import { flowFormFor } from '../src/features/flows/flow-forms';
import { SafetyReportForm } from '../src/features/flows/safety-report/safety-report-form';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

const booking = { id: 'b-1', crn: '1234567890', cab_category: 'mini' };
const oliver: SessionUser = { ...riya, id: 'u-oliver', email: 'oliver.smith@example.co.uk', country_code: 'GB' };

const options = [
  { text: 'The driver behaved inappropriately', value: 'driver_misbehaviour' },
  { text: 'Something else made me feel unsafe', value: 'other_safety' },
];
/** content/kb/customer/100402 in miniature: v2 questions for India. */
const v2Article = article({
  id: '100402',
  title: 'Report a safety incident',
  labels: { one_touch: true, call_type: 'safety_report' },
  options,
  side_load: {
    safety_v2: {
      country: ['IN'],
      questions: [
        { id: 'hurt', question: 'Was anyone hurt?', type: 'radio', values: ['Yes', 'No'], mandatory: 'yes' },
        { id: 'details', question: 'Tell us what happened', type: 'text', mandatory: 'yes' },
        { id: 'people', question: 'How many people were with you?', type: 'number' },
      ],
    },
  },
});
/** Legacy options only (content/kb/customer_gb/180301). */
const legacyArticle = article({ ...v2Article, id: '180301', side_load: {} });

const done = {
  status: 'SUCCESS',
  title: messages.safetyReportedTitle,
  message: messages.safetyReported,
  ticket_request_id: '12345678',
  csat_required: true,
  side_load: {},
};
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const submits = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) => String(input).includes(oneTouchPaths.submitV1));

function renderPanel(a = v2Article, user: SessionUser | null = riya) {
  return renderWithSession(
    <Routes>
      <Route path="/article" element={<ArticleFlowPanel article={a} onReload={() => {}} />} />
    </Routes>,
    { route: '/article', session: { user } },
  );
}
const notify = () => screen.getByRole('button', { name: 'Notify' });

beforeEach(() => setSelectedBooking(booking));
afterEach(() => {
  setSelectedBooking(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SafetyReportForm', () => {
  it('is the registered form of a safety_report article', () => {
    expect(flowFormFor(v2Article)).toBe(SafetyReportForm);
  });

  it('a visitor is asked to log in to fetch their rides', () => {
    mockFetch({});
    renderPanel(v2Article, null);
    expect(screen.getByText('Please login to fetch your rides!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify' })).toBeNull();
  });

  it('v2: mandatory questions carry an asterisk and must be answered; the answers are posted as comments', async () => {
    const fetch = mockFetch({ [oneTouchPaths.submitV1]: () => jsonResponse(done) });
    renderPanel();
    const hurt = screen.getByRole('group', { name: /^Was anyone hurt\?\s*\(required\)$/ });
    // The asterisk is seen (spec §5), the word "required" is heard.
    expect(hurt.querySelector('legend')).toHaveTextContent(/^Was anyone hurt\? \*\s*\(required\)$/);
    expect(screen.getByLabelText('How many people were with you?')).toBeInTheDocument();
    expect(notify()).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'The driver behaved inappropriately' }));
    expect(notify()).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(notify());
    expect(screen.getByRole('alert')).toHaveTextContent('* Please answer all mandatory fields');
    expect(submits(fetch)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/Tell us what happened/), 'He shouted at me.');
    await userEvent.click(notify());
    expect(await screen.findByText(messages.safetyReported)).toBeInTheDocument();
    const [call] = submits(fetch);
    const body = bodyOf(call?.[1]);
    expect(body).toMatchObject({
      article_id: '100402',
      call_type: 'safety_report',
      booking_id: 'b-1',
      params: {
        safety_report_option_id: 'driver_misbehaviour',
        comments: [
          { question: 'Was anyone hurt?', answer: 'No', question_type: 'radio' },
          { question: 'Tell us what happened', answer: 'He shouted at me.', question_type: 'text' },
        ],
      },
    });
    expect((call?.[1]?.headers as Record<string, string> | undefined)?.[IDEMPOTENCY_HEADER]).toBeTruthy();
  });

  it('for another rider: the phone takes at most 10 digits, Notify needs all 10, and a CRN in digits', async () => {
    const fetch = mockFetch({ [oneTouchPaths.submitV1]: () => jsonResponse(done) });
    renderPanel(legacyArticle);
    await userEvent.click(screen.getByRole('radio', { name: 'The driver behaved inappropriately' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Another rider' }));
    const phone = screen.getByLabelText("The rider's registered mobile number");
    await userEvent.type(phone, '98-2004-511');
    expect(phone).toHaveValue('982004511');
    expect(notify()).toBeDisabled();
    await userEvent.type(phone, '8123');
    expect(phone).toHaveValue('9820045118');
    expect(notify()).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Ride ID (CRN)'), '12a');
    await userEvent.click(notify());
    expect(screen.getByRole('alert')).toHaveTextContent(messages.safetyCrnNumeric);
    await userEvent.clear(screen.getByLabelText('Ride ID (CRN)'));
    await userEvent.type(screen.getByLabelText('Ride ID (CRN)'), '4455');
    await userEvent.click(notify());
    await screen.findByText(messages.safetyReported);
    const body = bodyOf(submits(fetch)[0]?.[1]);
    expect(body).toMatchObject({ booking_id: null, params: { phone_number: '9820045118', crn: '4455' } });
  });

  it('a refusal from the server (an unregistered phone) is shown, and Back keeps what was typed', async () => {
    mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse(
          {
            status: 'FAILURE',
            error: { code: 'safetyPhoneNotRegistered', message: messages.safetyPhoneNotRegistered },
          },
          400,
        ),
    });
    setSelectedBooking(null);
    renderPanel(legacyArticle);
    await userEvent.click(screen.getByRole('radio', { name: 'The driver behaved inappropriately' }));
    await userEvent.type(screen.getByLabelText("The rider's registered mobile number"), '9000000001');
    await userEvent.type(screen.getByLabelText('Ride ID (CRN)'), '4455');
    await userEvent.type(screen.getByLabelText('Tell us what happened'), 'He was rude');
    await userEvent.click(notify());
    expect(await screen.findByText(messages.safetyPhoneNotRegistered)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText("The rider's registered mobile number")).toHaveValue('9000000001');
    expect(screen.getByLabelText('Ride ID (CRN)')).toHaveValue('4455');
    expect(screen.getByLabelText('Tell us what happened')).toHaveValue('He was rude');
  });

  it('legacy: the “others” description needs its minimum, said for 4 seconds; the typed text survives', async () => {
    mockFetch({});
    renderPanel(legacyArticle);
    await userEvent.click(screen.getByRole('radio', { name: 'Something else made me feel unsafe' }));
    await userEvent.type(screen.getByLabelText('Tell us what happened'), 'Too short');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(notify());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter atleast 20 characters');
    expect(screen.getByLabelText('Tell us what happened')).toHaveValue('Too short');
    act(() => vi.advanceTimersByTime(4000));
    await waitFor(() => expect(screen.queryByText('Please enter atleast 20 characters')).toBeNull());
  });

  it('city_country: the v2 questions follow the ride’s city, else the rider’s own', async () => {
    mockFetch({});
    const { questions } = v2Article.side_load.safety_v2 as { questions: unknown[] };
    const pilot = article({ ...v2Article, side_load: { safety_v2: { city_country: ['Mumbai_IN'], questions } } });
    setSelectedBooking({ ...booking, city: 'Mumbai' });
    renderPanel(pilot);
    expect(screen.getByText('How many people were with you?')).toBeInTheDocument();
    // For another rider there is no ride: Riya lives in Bengaluru, outside the pilot, so the options stay.
    await userEvent.click(screen.getByRole('radio', { name: 'Another rider' }));
    expect(screen.queryByText('How many people were with you?')).toBeNull();
    expect(screen.getByLabelText('Tell us what happened')).toBeInTheDocument();
  });

  it('shows a GB rider the notice that incidents may be reported to the police', () => {
    mockFetch({});
    renderPanel(legacyArticle, oliver);
    expect(screen.getByTestId('safety-police-notice')).toHaveTextContent(
      'Safety incidents are investigated and may be reported to the police.',
    );
  });

  it('an Indian rider sees no police notice', () => {
    mockFetch({});
    renderPanel(legacyArticle, riya);
    expect(screen.queryByTestId('safety-police-notice')).toBeNull();
  });
});
