import { messages } from '@selfserve/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from '../src/components/error-state';
import { ApiError } from '../src/lib/api-client';
import { renderWithSession } from './utils';

describe('ErrorState', () => {
  it('offers a retry for a failure that asking again may fix', () => {
    renderWithSession(<ErrorState error={new ApiError(500, 'INTERNAL', 'x')} onRetry={vi.fn()} />);
    expect(screen.getByText(messages.genericFailure)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a permanent refusal (403) in its own words, never with a retry', () => {
    const refusal = new ApiError(403, 'foodRiderNoBookings', messages.foodRiderNoBookings);
    renderWithSession(<ErrorState error={refusal} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.foodRiderNoBookings);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
