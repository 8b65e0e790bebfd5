import type { OrderContext } from '@selfserve/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initialsOf } from '../src/components/avatar';
import { BookingCard } from '../src/components/booking-card';
import { OrderCard } from '../src/components/order-card';
import { b64, booking } from './booking-fixtures';
import { renderWithSession } from './utils';

const card = () => screen.getByTestId('booking-card');

describe('BookingCard', () => {
  it('shows the decoded pickup and drop addresses', () => {
    renderWithSession(
      <BookingCard
        booking={booking({ pickup_location: b64('एमजी रोड, बेंगलुरु'), drop_location: b64('Café Müller, Zürich') })}
      />,
    );
    expect(screen.getByTestId('booking-pickup')).toHaveTextContent('एमजी रोड, बेंगलुरु');
    expect(screen.getByTestId('booking-drop')).toHaveTextContent('Café Müller, Zürich');
  });

  it.each([
    [348.5, 'IN', '₹348.50'],
    [300, 'IN', '₹300'],
    [42.1, 'AU', 'A$42.10'],
    [18, 'GB', '£18.00'],
    [25.5, 'NZ', 'NZ$25.50'],
    [12, 'US', '12.00'],
  ])('shows a fare of %s in %s as %s', (fare, country, text) => {
    renderWithSession(<BookingCard booking={booking({ fare, country })} />);
    expect(screen.getByTestId('booking-fare')).toHaveTextContent(text);
  });

  it('leaves the fare out when nothing was charged', () => {
    renderWithSession(<BookingCard booking={booking({ status: 'cancelled', fare: 0 })} />);
    expect(screen.queryByTestId('booking-fare')).not.toBeInTheDocument();
  });

  it('names a ride by its CRN, and a share ride by its OSN', () => {
    const { unmount } = renderWithSession(<BookingCard booking={booking({ crn: '4992739872' })} />);
    expect(screen.getByTestId('booking-ref')).toHaveTextContent('CRN 4992739872');
    unmount();
    renderWithSession(
      <BookingCard
        booking={booking({ brand: 'ola_share', osn: 'OSN10042', crn: '4992739872', display_car_name: 'Share' })}
      />,
    );
    expect(screen.getByTestId('booking-ref')).toHaveTextContent('OSN OSN10042');
    expect(screen.getByTestId('booking-ref')).not.toHaveTextContent('CRN');
  });

  it('shows the status, the vehicle and the pickup date', () => {
    renderWithSession(<BookingCard booking={booking({ status: 'in progress' })} />);
    expect(screen.getByTestId('booking-status')).toHaveTextContent('In progress');
    expect(card()).toHaveAttribute('data-status', 'inProgress');
    const title = screen.getByRole('heading', { level: 3 });
    expect(title).toHaveTextContent(/^Prime Sedan · /);
    expect(within(title).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-12T05:00:00.000Z');
  });

  it('falls back to the vehicle category when there is no display name', () => {
    renderWithSession(<BookingCard booking={booking({ display_car_name: null, vehicle_category: 'express' })} />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(/^Express · /);
  });

  it('shows the driver picture and falls back to initials when it fails to load', () => {
    renderWithSession(<BookingCard booking={booking()} />);
    const img = screen.getByTestId('avatar-image');
    expect(img).toHaveAttribute('src', '/img/drivers/3.svg');
    expect(img).toHaveAccessibleName('Driver');
    fireEvent.error(img);
    expect(screen.queryByTestId('avatar-image')).not.toBeInTheDocument();
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('PS');
  });

  it('shows initials when the ride had no driver', () => {
    renderWithSession(<BookingCard booking={booking({ driver_image_url: null, display_car_name: 'Mini' })} />);
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('M');
  });

  it('is one link when it has somewhere to go, and tells the caller it was chosen', () => {
    const onChoose = vi.fn();
    renderWithSession(<BookingCard booking={booking()} href="/bdetails/123" onChoose={onChoose} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/bdetails/123');
    fireEvent.click(link);
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 'bk_riya_001' }));
  });

  it('never links a booking the server marks not clickable', () => {
    renderWithSession(<BookingCard booking={booking({ clickable: false })} href="/bdetails/123" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('booking status words', () => {
  it.each([
    ['in progress', null, 'In progress', 'inProgress'],
    ['COMPLETED', null, 'Completed', 'completed'],
    ['Scheduled', null, 'Scheduled', 'scheduled'],
    ['cancelled', 'cancelled_by_driver', 'Cancelled by driver', 'cancelled'],
    ['CANCELLED', 'CANCELLED_BY_CUSTOMER', 'Cancelled by customer', 'cancelled'],
    ['cancelled', 'no_driver_found', 'No driver found', 'cancelled'],
    ['cancelled', 'something_new', 'Cancelled', 'cancelled'],
    ['completed', 'cancelled_by_driver', 'Completed', 'completed'],
  ])('%s (%s) reads %s', (status, sub_status, text, key) => {
    renderWithSession(<BookingCard booking={booking({ status, sub_status })} />);
    expect(screen.getByTestId('booking-status')).toHaveTextContent(new RegExp(`^${text}$`));
    expect(card()).toHaveAttribute('data-status', key);
  });

  it('shows an unknown status as a generic word, never the code', () => {
    renderWithSession(<BookingCard booking={booking({ status: 'TELEPORTED' })} />);
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Status unknown');
    expect(screen.getByTestId('booking-card')).not.toHaveTextContent('TELEPORTED');
  });
});

describe('initials', () => {
  it.each([
    ['Prime Sedan', 'PS'],
    ['mini', 'M'],
    ['four_wheeler', 'FW'],
    ['', '?'],
    [null, '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('OrderCard', () => {
  const order: OrderContext = {
    order_id: 'ODR-1001',
    order_type: 'grocery',
    order_status: 'DELIVERED',
    amount: 499,
    currency_symbol: '₹',
    modified_at: '2026-11-02T09:30:00.000Z',
    items: [],
    customer_details: { name: null, contact: null, email: null, user_id: 'u-riya' },
  };

  it('shows the kind, order id, amount with its symbol and the modified date', () => {
    renderWithSession(<OrderCard order={order} href="/orders/grocery/ODR-1001" />);
    const el = screen.getByTestId('order-card');
    expect(within(el).getByRole('link', { name: 'Grocery order' })).toHaveAttribute('href', '/orders/grocery/ODR-1001');
    expect(screen.getByTestId('order-id')).toHaveTextContent('ODR-1001');
    expect(screen.getByTestId('order-amount')).toHaveTextContent('₹499');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Delivered');
    expect(within(el).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-02T09:30:00.000Z');
  });

  it('keeps two decimals for a part amount', () => {
    renderWithSession(<OrderCard order={{ ...order, order_type: 'giftcard', amount: 12.5, currency_symbol: 'A$' }} />);
    expect(screen.getByTestId('order-amount')).toHaveTextContent('A$12.50');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Gift card');
  });

  it.each([
    ['out_for_delivery', 'Out for delivery'],
    ['PICKED_UP', 'Picked up'],
    ['returned', 'Returned'],
    ['lost_in_space', 'Status unknown'],
  ])('writes the status %s as %s', (order_status, text) => {
    renderWithSession(<OrderCard order={{ ...order, order_status }} />);
    expect(screen.getByTestId('order-status')).toHaveTextContent(text);
  });
});
