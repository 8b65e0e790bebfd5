import {
  bookingPaths,
  countries,
  countryPaths,
  messages,
  STRUCTURED_EMAIL_OPTIONS,
  structuredEmailPaths,
  ticketPaths,
  uploadPaths,
} from '@selfserve/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticleFlowPanel } from '../src/app/article-flow-forms';
import { optionLabel } from '../src/features/flows/structured-email/structured-email-form';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { booking as customerBooking, validCrn } from './booking-fixtures';
import { article } from './kb-fixtures';
import { FakeXhr, imageFile } from './ticket-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

// The real widget solves a proof of work (the Playwright journey runs it); here a button hands over its payload.
vi.mock('../src/components/captcha/captcha', () => ({
  Captcha: ({ onChange, error }: { onChange: (p: string | null) => void; error?: string }) => (
    <div>
      <button type="button" onClick={() => onChange('solved-captcha')}>
        solve captcha
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  ),
}));

/** content/kb/customer/100607-write-to-us.md in miniature. */
const writeToUs = article({
  id: '100607',
  title: "My issue isn't listed. Write to us",
  labels: { structured_email_param: true, tag: 'write_to_us', one_touch_source: 'write_to_us' },
});

const ticket = {
  status: 'SUCCESS',
  request_status: 'CREATED',
  ticket_id: '48151623',
  ...{ code: 'ticketSuccess', message: messages.ticketSuccess },
};
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function serve(status = 'completed') {
  return mockFetch({
    [bookingPaths.getByCrn]: () =>
      jsonResponse({ status: 'SUCCESS', data: customerBooking({ id: 'b-se', crn: validCrn, status }) }),
    [structuredEmailPaths.submit]: () => jsonResponse(ticket),
    [structuredEmailPaths.guest]: () => jsonResponse(ticket),
    [ticketPaths.formToken]: () => jsonResponse({ status: 'SUCCESS', token: 'form-token', expires_in: 1800 }),
    [countryPaths.list]: () => jsonResponse({ status: 'SUCCESS', data: countries }),
  });
}

const render = (user: typeof riya | null = riya) =>
  renderWithSession(<ArticleFlowPanel article={writeToUs} onReload={() => {}} />, {
    route: '/dreport/100607',
    session: { user },
  });

afterEach(() => {
  setSelectedBooking(null);
  vi.unstubAllGlobals();
});

describe('structured write-to-us e-mail', () => {
  it('names every option in all seven languages', async () => {
    for (const locale of ['en', 'hi', 'kn', 'ta', 'te', 'fr', 'nl']) {
      const labels = (await import(`../../contract/locales/${locale}.json`)).default as {
        structuredEmail: { option: Record<string, string> };
      };
      for (const o of STRUCTURED_EMAIL_OPTIONS) {
        expect(labels.structuredEmail.option[o.option_id], `${locale} ${o.option_id}`).toBeTruthy();
      }
    }
    expect(optionLabel(STRUCTURED_EMAIL_OPTIONS[0]!)).toBe(
      'structuredEmail.option.toll_charge_incorrectly_levied_on_the_bill',
    );
  });

  it('asks a visitor to log in for a ride', async () => {
    serve();
    render(null);
    await userEvent.click(await screen.findByRole('radio', { name: messages.issueWithRide }));
    expect(await screen.findByText(messages.loginForRides)).toBeInTheDocument();
  });

  it('sends a signed-in user without a ride to the bookings picker, which comes back to this article', async () => {
    serve();
    render();
    await userEvent.click(await screen.findByRole('radio', { name: messages.issueWithRide }));
    expect(screen.getByRole('link', { name: 'Choose the ride' })).toHaveAttribute(
      'href',
      '/bookingsByType/100607/default',
    );
  });

  it('offers the ride status options; an option with an article links it instead of the form', async () => {
    serve();
    setSelectedBooking({ id: 'b-se', crn: validCrn });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'Toll charge incorrectly levied on the bill' }));
    expect(screen.getByRole('link', { name: 'Resolve it now' })).toHaveAttribute('href', '/dreport/101003');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'The driver asked me to cancel' })).toBeNull();
  });

  it('shows each bound’s spec message, keeps what was typed, then posts the ride e-mail', async () => {
    const fetch = serve();
    setSelectedBooking({ id: 'b-se', crn: validCrn });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'The driver was rude or unprofessional' }));
    const comment = screen.getByLabelText('Describe your issue');
    await userEvent.type(comment, 'a'.repeat(14));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.enterValidComment)).toBeInTheDocument();
    expect(comment).toHaveValue('a'.repeat(14));
    await userEvent.type(comment, 'a');
    const phone = screen.getByLabelText('Phone number');
    await userEvent.type(phone, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.enterValidPhone)).toBeInTheDocument();
    await userEvent.type(phone, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('structured-email-done')).toHaveTextContent('48151623');
    const posts = fetch.mock.calls.filter(([u]) => String(u).includes(structuredEmailPaths.submit));
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0]?.[1])).toEqual({
      option_id: 'driver_behaviour',
      comment: 'a'.repeat(15),
      email: riya.email,
      phone: '12345',
      article_id: '100607',
      booking_id: 'b-se',
      uploaded_image_ids: [],
    });
  });

  it('asks for the images an option needs', async () => {
    serve();
    setSelectedBooking({ id: 'b-se', crn: validCrn });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'Driver collected extra toll or parking amount' }));
    await userEvent.type(screen.getByLabelText('Describe your issue'), 'The driver took 200 for parking.');
    await userEvent.type(screen.getByLabelText('Phone number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.uploadImages)).toBeInTheDocument();
  });

  it('refuses an image over 5 MB in the browser with the spec message, and uploads one of exactly 5 MB', async () => {
    serve();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setSelectedBooking({ id: 'b-se', crn: validCrn });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'The car was unclean or in poor condition' }));
    fireEvent.change(screen.getByTestId('image-input'), {
      target: {
        files: [
          imageFile('big.png', 'image/png', 5 * 1024 * 1024 + 1),
          imageFile('exact.png', 'image/png', 5 * 1024 * 1024),
        ],
      },
    });
    expect(await screen.findByText(messages.imageTooLarge5)).toBeInTheDocument();
    expect(FakeXhr.sent.map((x) => x.url)).toEqual([`${uploadPaths.documents}?limit=5mb`]);
  });

  it('a cancelled ride gets its own options', async () => {
    serve('cancelled');
    setSelectedBooking({ id: 'b-se', crn: validCrn });
    render();
    expect(await screen.findByRole('radio', { name: 'The driver asked me to cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'The driver was rude or unprofessional' })).toBeNull();
  });

  it('a visitor sends with the dialing code, a fresh form token and the captcha', async () => {
    const fetch = serve();
    render(null);
    await userEvent.click(await screen.findByRole('radio', { name: messages.issueNotRelatedToRide }));
    await userEvent.click(screen.getByRole('radio', { name: 'I cannot sign in to my account' }));
    await userEvent.type(screen.getByLabelText('Describe your issue'), 'My code never arrives by SMS.');
    await userEvent.type(screen.getByLabelText('E-mail'), 'visitor@example.org');
    await userEvent.type(screen.getByLabelText('Phone number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.captchaInvalid)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('structured-email-done')).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([u]) => String(u).includes(structuredEmailPaths.guest)) as [
      unknown,
      RequestInit,
    ][];
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(bodyOf(posts[0]?.[1])).toMatchObject({
      option_id: 'account_access',
      dialing_code: '+91',
      secret_key: 'form-token',
      captcha: 'solved-captcha',
    });
  });
});
