import { messages } from '@selfserve/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChooseRide } from '../src/components/one-touch/choose-ride';
import { renderWithSession, riya } from './utils';

const sunil = { ...riya, id: 'u_food_rider', role: 'food_delivery_rider' as const };

describe('ChooseRide', () => {
  it('sends a customer to choose the ride', () => {
    renderWithSession(<ChooseRide />, { session: { user: riya } });
    expect(screen.getByRole('link', { name: 'Choose the ride this is about' })).toHaveAttribute('href', '/bookings');
  });

  it('never sends a food-delivery rider to the list that refuses them: says why and offers their form', () => {
    renderWithSession(<ChooseRide />, { session: { user: sunil } });
    expect(screen.queryByRole('link', { name: 'Choose the ride this is about' })).not.toBeInTheDocument();
    expect(screen.getByText(messages.foodRiderNoBookings)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/dwritetous/260105');
  });

  it('offers no write to us when its master switch is off', () => {
    renderWithSession(<ChooseRide />, {
      session: { user: sunil, switches: { write_to_us: false, call_us: true, chat: true } },
    });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
