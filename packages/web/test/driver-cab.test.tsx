import { cabAttachmentPaths, driverCallPaths, labPaths, messages } from '@selfserve/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BdAddressPage } from '../src/features/flows/cab-attachment/bd-address-page';
import { CabAttachmentForm } from '../src/features/flows/cab-attachment/cab-attachment-form';
import { flowFormFor } from '../src/features/flows/flow-forms';
import { LostItemForm } from '../src/features/flows/lost-item/belonging-panel';
import { DriverDetailsStep } from '../src/features/flows/lost-item/driver-details';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

const SUBMIT = '/api/bookings/v1/submit';
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const lostItem = article({
  id: '100501',
  title: 'I left an item',
  labels: { one_touch: true, call_type: 'cab_belonging' },
});
const attachCar = article({
  id: '100606',
  title: 'Attach my car',
  index_name: 'customer',
  labels: { one_touch: true, call_type: 'cab_attachment_customer', cab_attachment_customer: true },
});
const ok = (extra: Record<string, unknown> = {}) => ({
  status: 'SUCCESS',
  title: 'Your driver',
  message: 'Here are the driver and car.',
  ticket_request_id: null,
  csat_required: false,
  side_load: {},
  ...extra,
});
const cities = (userCity: string | null) => ({
  status: 'SUCCESS',
  cities: [
    { id: 'city_bengaluru', name: 'Bengaluru', std_code: '080', cc_number: '1' },
    { id: 'city_pune', name: 'Pune', std_code: '020', cc_number: '2' },
  ],
  user_city: userCity,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('driver details step of the lost-item article', () => {
  const renderStep = () =>
    renderWithSession(
      <DriverDetailsStep article={lostItem} booking={{ id: 'bk-1', crn: '5201803342' }} onReload={() => {}} />,
      { route: '/article', session: { user: riya } },
    );

  it('asks show_driver_details for the ride and shows the driver, the car and a masked call', async () => {
    const fetch = mockFetch({
      [SUBMIT]: () =>
        jsonResponse(
          ok({
            driver_first_name: 'Venkatasubramanian',
            driver_last_name: 'Raghavendra Rao',
            car_model: 'Honda Amaze',
            car_number: 'KA 01 AB 1234',
          }),
        ),
      [driverCallPaths.callDriver]: () =>
        jsonResponse({
          status: 'SUCCESS',
          call_id: 'dc_1',
          state: 'calling',
          code: 'driverCallStarted',
          message: messages.driverCallStarted,
        }),
    });
    renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Show driver details' }));
    const card = await screen.findByTestId('driver-card');
    const sent = bodyOf(fetch.mock.calls.find(([url]) => String(url).includes(SUBMIT))?.[1]);
    expect(sent).toMatchObject({
      article_id: '100501',
      call_type: 'cab_belonging',
      reason_submitted: 'show_driver_details',
      booking_id: 'bk-1',
      custom_id: '5201803342',
      source: 'desktop',
    });
    const full = 'Venkatasubramanian Raghavendra Rao';
    const name = within(card).getByTestId('driver-name');
    // Cut to 25 characters for narrow screens; the whole name is the title and what a screen reader reads.
    expect(name).toHaveAttribute('title', full);
    const short = name.querySelector('.driver-card__name-short');
    expect(short?.textContent).toHaveLength(25);
    expect(short).toHaveAttribute('aria-hidden', 'true');
    expect(name.querySelector('.driver-card__name-full')?.textContent).toBe(full);
    expect(within(card).getByTestId('driver-car-model')).toHaveTextContent('Honda Amaze');
    expect(within(card).getByTestId('driver-car-number')).toHaveTextContent('KA 01 AB 1234');
    expect(card.innerHTML).not.toMatch(/tel:|\+91/);

    await userEvent.click(within(card).getByRole('button', { name: 'Call driver' }));
    expect(await screen.findByTestId('driver-call-status')).toHaveTextContent(messages.driverCallStarted);
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url).includes(driverCallPaths.callDriver))?.[1])).toEqual({
      booking_id: 'bk-1',
    });
  });

  it('a short name is shown whole; a refusal is the result dialog', async () => {
    mockFetch({
      [SUBMIT]: () =>
        jsonResponse(
          ok({
            status: 'FAILURE',
            title: 'Driver details not available',
            message: 'Driver details are shown during a ride.',
          }),
        ),
    });
    renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Show driver details' }));
    const dialog = await screen.findByTestId('onetouch-result');
    expect(dialog).toHaveAttribute('data-state', 'FAILURE');
    expect(within(dialog).getByText('Driver details are shown during a ride.')).toBeInTheDocument();
  });
});

describe('the lost-item form', () => {
  it.each([
    ['customer', 1],
    ['driver_in_en_trip', 0],
  ])('in the %s index offers the driver details %i time(s)', async (index, count) => {
    mockFetch({
      [labPaths.checkAlreadyRaised]: () =>
        jsonResponse({
          status: 'done',
          state: null,
          message: '',
          code: 'labNoRequest',
          side_load: {
            showCustomerConfirm: false,
            showButton: false,
            alreadyRaisedTicket: false,
            showRaiseTicketScreen: false,
          },
          ticket_id: null,
        }),
      [labPaths.formEnableCheck]: () =>
        jsonResponse({ status: 'SUCCESS', enabled: true, reason: null, reason_code: null }),
    });
    renderWithSession(
      <LostItemForm article={{ ...lostItem, index_name: index }} booking={{ id: 'bk-1' }} onReload={() => {}} />,
      { route: '/article', session: { user: riya } },
    );
    expect(await screen.findByTestId('belonging-panel')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: 'Show driver details' })).toHaveLength(count);
  });
});

describe('cab attachment form', () => {
  const renderForm = () =>
    renderWithSession(
      <Routes>
        <Route path="/article" element={<CabAttachmentForm article={attachCar} booking={null} onReload={() => {}} />} />
        <Route path="/bd_address" element={<p>Offices page</p>} />
      </Routes>,
      { route: '/article', session: { user: riya } },
    );

  it('is the form registered for cab_attachment_customer', () => {
    expect(flowFormFor(attachCar)).toBe(CabAttachmentForm);
  });

  it('preselects the profile city, hides the mobile, and goes to the city’s offices', async () => {
    const fetch = mockFetch({
      [cabAttachmentPaths.cities]: () => jsonResponse(cities('city_bengaluru')),
      [SUBMIT]: () =>
        jsonResponse(ok({ side_load: { city: 'city_bengaluru', redirect_to: '/bd_address?city=city_bengaluru' } })),
    });
    renderForm();
    const select = await screen.findByRole('combobox', { name: 'Your city' });
    await waitFor(() => expect(select).toHaveValue('city_bengaluru'));
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Offices page')).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url).includes(SUBMIT))?.[1])).toMatchObject({
      article_id: '100606',
      call_type: 'cab_attachment_customer',
      reason_submitted: 'Bengaluru',
      city: 'city_bengaluru',
      phone_number: null,
      index_name: 'customer',
    });
  });

  it('without a city asks for the mobile: digits only, no leading zero, 10 at most, 10 to submit', async () => {
    const fetch = mockFetch({
      [cabAttachmentPaths.cities]: () => jsonResponse(cities(null)),
      [SUBMIT]: () => jsonResponse(ok({ title: 'We will call you', message: 'We will call you soon.' })),
    });
    renderForm();
    await screen.findByRole('combobox', { name: 'Your city' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(messages.cabChooseCity)).toBeInTheDocument();
    const mobile = screen.getByLabelText('Mobile number');
    await userEvent.type(mobile, '0a98765');
    expect(mobile).toHaveValue('98765');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(messages.cabEnterValidMobile)).toBeInTheDocument();
    await userEvent.type(mobile, '4321099');
    expect(mobile).toHaveValue('9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('onetouch-result')).toHaveTextContent('We will call you soon.');
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url).includes(SUBMIT))?.[1])).toMatchObject({
      city: null,
      phone_number: '9876543210',
    });
  });

  it('a city we do not serve: a popup with the returned title and message; the choice stays', async () => {
    mockFetch({
      [cabAttachmentPaths.cities]: () => jsonResponse(cities(null)),
      [SUBMIT]: () =>
        jsonResponse({
          ...ok({ status: 'FAILURE', title: messages.sorryBang, message: messages.cabCityNotServed }),
          error: { status: 'FAILURE', title: messages.sorryBang, message: messages.cabCityNotServed },
        }),
    });
    renderForm();
    const select = await screen.findByRole('combobox', { name: 'Your city' });
    await userEvent.selectOptions(select, 'city_pune');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByRole('heading', { name: messages.sorryBang })).toBeInTheDocument();
    expect(within(popup).getByText(messages.cabCityNotServed)).toBeInTheDocument();
    await userEvent.click(within(popup).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('combobox', { name: 'Your city' })).toHaveValue('city_pune');
  });
});

describe('/bd_address', () => {
  it('lists the city’s offices with their hours and a map link', async () => {
    mockFetch({
      [cabAttachmentPaths.bdAddress]: (url) =>
        jsonResponse({
          status: 'SUCCESS',
          city: 'Pune',
          city_id: url.searchParams.get('city'),
          address: [
            {
              address: 'Survey 41, Baner Road, Pune',
              operatingHours: 'Mon–Sat, 10:00 AM – 6:00 PM',
              map_link: 'https://www.google.com/maps/search/?api=1&query=Survey%2041',
            },
            {
              address: '12 Hadapsar, Pune',
              operatingHours: 'Mon–Sat, 9:30 AM – 5:30 PM',
              map_link: 'https://www.google.com/maps/search/?api=1&query=12',
            },
          ],
        }),
    });
    renderWithSession(
      <Routes>
        <Route path="/bd_address" element={<BdAddressPage />} />
      </Routes>,
      { route: '/bd_address?city=city_pune' },
    );
    expect(await screen.findByRole('heading', { name: 'Partner onboarding centres in Pune' })).toBeInTheDocument();
    const offices = screen.getAllByTestId('bd-office');
    expect(offices).toHaveLength(2);
    expect(offices[0]).toHaveTextContent('Survey 41, Baner Road, Pune');
    expect(offices[0]).toHaveTextContent('Mon–Sat, 10:00 AM – 6:00 PM');
    expect(within(offices[0] as HTMLElement).getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Survey%2041',
    );
  });

  it('says so when the city is not served', async () => {
    mockFetch({
      [cabAttachmentPaths.bdAddress]: () =>
        jsonResponse({ status: 'FAILURE', error: { code: 'cabNoOffices', message: messages.cabNoOffices } }, 404),
    });
    renderWithSession(
      <Routes>
        <Route path="/bd_address" element={<BdAddressPage />} />
      </Routes>,
      { route: '/bd_address?city=city_jaipur' },
    );
    expect(await screen.findByText(messages.cabNoOffices)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose your city' })).toHaveAttribute('href', '/dreport/100606');
  });
});
