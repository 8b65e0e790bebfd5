import {
  type ArticleActions,
  bookingPaths,
  callPaths,
  driverArticlePaths,
  messages,
  type PartnerLostItem,
  type SessionUser,
} from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CallsPanel } from '../src/features/calls/calls-panel';
import { DriverLostItemsPage } from '../src/features/driver/articles/lost-items-page';
import { DriverTimedActions } from '../src/features/driver/articles/timed-actions';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

// The driver's one-touch articles (docs/driver.md "Driver one-touch articles"): the actions follow the server's
// answer; the partner's lost items move step by step.

const ramesh: SessionUser = {
  id: 'u_driver_in',
  email: 'ramesh.driver@example.in',
  name: 'Ramesh Yadav',
  role: 'driver',
  country_code: 'IN',
  city: 'Bengaluru',
  locale: 'en-IN',
  is_member: false,
  staff_role: null,
};
const session = { session: { user: ramesh } };
const callArticle = article({ id: '200402', index_name: 'driver_in_en', label_names: ['call_driver_expiry_time:15'] });

const actions = (over: Partial<ArticleActions>): ArticleActions => ({
  status: 'SUCCESS',
  emergency: null,
  call: null,
  ...over,
});

describe('the timed actions', () => {
  it('offers the call while open and says what the server answered', async () => {
    const posted: unknown[] = [];
    mockFetch({
      [driverArticlePaths.actions]: (url) => {
        expect(url.searchParams.get('article_id')).toBe('200402');
        return jsonResponse(
          actions({ call: { open: true, crn: '5473013019', closes_at: '2026-11-24T10:15:00.000Z', minutes: 15 } }),
        );
      },
      [driverArticlePaths.callCustomer]: (_url, init) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse({
          status: 'SUCCESS',
          code: 'partnerCallStarted',
          message: messages.partnerCallStarted,
          request_id: 'call_1',
        });
      },
    });
    renderWithSession(<DriverTimedActions article={callArticle} country="IN" />, session);
    const action = await screen.findByTestId('driver-call-action');
    expect(within(action).getByText('Trip 5473013019')).toBeInTheDocument();
    expect(within(action).getByText(/^You can call until /)).toBeInTheDocument();
    await userEvent.click(within(action).getByRole('button', { name: 'Call the customer' }));
    expect(await within(action).findByRole('status')).toHaveTextContent(messages.partnerCallStarted);
    expect(posted).toEqual([{ article_id: '200402', crn: '5473013019' }]);
  });

  it('offers no call once expired, and says why; shows the expiry refusal if the window closed meanwhile', async () => {
    mockFetch({
      [driverArticlePaths.actions]: () =>
        jsonResponse(actions({ call: { open: false, crn: null, closes_at: null, minutes: 15 } })),
    });
    renderWithSession(<DriverTimedActions article={callArticle} country="IN" />, session);
    expect(await screen.findByTestId('driver-call-closed')).toHaveTextContent(
      'You can call the customer during the trip and up to 15 minutes after it ends. That time is over for your latest trip.',
    );
    expect(screen.queryByRole('button', { name: 'Call the customer' })).not.toBeInTheDocument();
  });

  it('shows the emergency action with the country’s number while open, and explains it when closed', async () => {
    mockFetch({
      [driverArticlePaths.actions]: () =>
        jsonResponse(actions({ emergency: { open: true, crn: '1', closes_at: null, minutes: 30 } })),
    });
    const { unmount } = renderWithSession(
      <DriverTimedActions article={article({ label_names: ['emergency_time:30'] })} country="AU" />,
      session,
    );
    const emergency = await screen.findByTestId('driver-emergency-action');
    expect(within(emergency).getByRole('link', { name: 'Call 000 now' })).toHaveAttribute('href', 'tel:000');
    expect(within(emergency).getByText('Available during your trip.')).toBeInTheDocument();
    unmount();

    mockFetch({
      [driverArticlePaths.actions]: () =>
        jsonResponse(actions({ emergency: { open: false, crn: null, closes_at: null, minutes: 30 } })),
    });
    renderWithSession(
      <DriverTimedActions article={article({ label_names: ['emergency_time:30'] })} country="IN" />,
      session,
    );
    expect(await screen.findByTestId('driver-emergency-closed')).toHaveTextContent('call 112');
    expect(screen.queryByTestId('driver-emergency-action')).not.toBeInTheDocument();
  });
});

describe('the partner’s lost items', () => {
  const item = (over: Partial<PartnerLostItem>): PartnerLostItem => ({
    request_id: 'lab_1',
    crn: '5473013019',
    ride_date: '2026-11-23T08:00:00.000Z',
    item: { item_description: 'A black laptop bag', item_name: 'Laptop bag', item_color: 'Black' },
    state: 'driver_unreachable',
    step: 'answer',
    handed_over_at: null,
    reported_at: '2026-11-23T09:00:00.000Z',
    ...over,
  });

  it('answers found with a note, then calls the customer and confirms the hand-over', async () => {
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      [driverArticlePaths.lostItems]: () => jsonResponse({ status: 'SUCCESS', data: [item({})] }),
      [driverArticlePaths.lostItemAnswer]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ status: 'SUCCESS', item: item({ state: 'driver_found', step: 'handover' }) });
      },
      [callPaths.partnerLabCall]: (url) => {
        expect(url.searchParams.get('crn')).toBe('5473013019');
        return jsonResponse({ status: 'SUCCESS', code: 'partnerCallStarted', message: messages.partnerCallStarted });
      },
      [driverArticlePaths.lostItemHandover]: () =>
        jsonResponse({
          status: 'SUCCESS',
          item: item({ state: 'driver_found', step: 'done', handed_over_at: '2026-11-23T12:00:00.000Z' }),
        }),
    });
    renderWithSession(<DriverLostItemsPage />, session);
    const card = await screen.findByTestId('lost-item');
    expect(within(card).getByRole('heading', { name: 'Laptop bag' })).toBeInTheDocument();
    expect(within(card).getByText('Black')).toBeInTheDocument();
    expect(within(card).getByTestId('lost-item-step')).toHaveTextContent('The customer is waiting for your answer.');
    // No hand-over before it is found.
    expect(within(card).queryByRole('button', { name: 'I handed it over' })).not.toBeInTheDocument();

    await userEvent.type(within(card).getByLabelText('Message for the customer (optional)'), 'With me');
    await userEvent.click(within(card).getByRole('button', { name: 'I found it' }));
    await waitFor(() => expect(card).toHaveAttribute('data-step', 'handover'));
    expect(sent).toEqual([{ request_id: 'lab_1', found: true, note: 'With me' }]);

    await userEvent.click(within(card).getByRole('button', { name: 'Call the customer' }));
    expect(await within(card).findByText(messages.partnerCallStarted)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'I handed it over' }));
    await waitFor(() => expect(card).toHaveAttribute('data-step', 'done'));
    expect(within(card).getByTestId('lost-item-step')).toHaveTextContent(/^Handed over on /);
  });

  it('says so when there is none, and shows a refusal in the reader’s words', async () => {
    mockFetch({ [driverArticlePaths.lostItems]: () => jsonResponse({ status: 'SUCCESS', data: [] }) });
    const { unmount } = renderWithSession(<DriverLostItemsPage />, session);
    expect(await screen.findByTestId('lost-items-none')).toHaveTextContent(
      'No customer has reported a lost item on your trips.',
    );
    unmount();

    mockFetch({
      [driverArticlePaths.lostItems]: () => jsonResponse({ status: 'SUCCESS', data: [item({})] }),
      [driverArticlePaths.lostItemAnswer]: () =>
        jsonResponse(
          { status: 'ERROR', error: { code: 'labPartnerAnswerClosed', message: messages.labPartnerAnswerClosed } },
          409,
        ),
    });
    renderWithSession(<DriverLostItemsPage />, session);
    const card = await screen.findByTestId('lost-item');
    await userEvent.click(within(card).getByRole('button', { name: 'I did not find it' }));
    expect(await within(card).findByText(messages.labPartnerAnswerClosed)).toBeInTheDocument();
  });
});

describe('the rider’s call-driver button on an article tagged call_driver_expiry_time:15', () => {
  const callDriverArticle = article({
    id: '101402',
    labels: { call_type: 'call_driver' },
    label_names: ['call_driver_expiry_time:15'],
  });
  afterEach(() => setSelectedBooking(null));

  function details(endedMinutesAgo: number) {
    const stop = new Date(Date.now() - endedMinutesAgo * 60_000).toISOString();
    return jsonResponse({
      status: 'SUCCESS',
      stop_at: stop,
      driver_phone: '+919000000001',
      imei: null,
      cash_involved: false,
      city: 'Bengaluru',
      data: { status: 'completed', date_entered_timestamp: Date.parse(stop) - 40 * 60_000 },
    });
  }

  it('offers the call 5 minutes after the ride and names the article in the call', async () => {
    setSelectedBooking({ id: 'bk_riya_9', crn: '5391000009' });
    const asked: URL[] = [];
    mockFetch({
      [bookingPaths.details]: () => details(5),
      [callPaths.maskedCall]: (url) => {
        asked.push(url);
        return jsonResponse({ status: 'SUCCESS', code: 'driverCallStarted', message: messages.driverCallStarted });
      },
    });
    renderWithSession(<CallsPanel article={callDriverArticle} />, { session: { user: riya } });
    await userEvent.click(await screen.findByRole('button', { name: 'Call driver' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.searchParams.get('article_id')).toBe('101402');
    expect(asked[0]?.searchParams.get('booking_id')).toBe('bk_riya_9');
  });

  it('takes the button away 15 minutes after the ride ended, and says why', async () => {
    setSelectedBooking({ id: 'bk_riya_9', crn: '5391000009' });
    mockFetch({ [bookingPaths.details]: () => details(20) });
    renderWithSession(<CallsPanel article={callDriverArticle} />, { session: { user: riya } });
    expect(await screen.findByTestId('call-driver-expired')).toHaveTextContent(
      'Calls about this trip were possible until 15 minutes after it ended. That time is over.',
    );
    expect(screen.queryByRole('button', { name: 'Call driver' })).not.toBeInTheDocument();
  });
});
