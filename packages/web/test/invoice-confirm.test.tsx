import { messages, oneTouchPaths } from '@selfserve/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InvoiceConfirmPage } from '../src/features/onetouch/routes/invoice-confirm';
import { jsonResponse, mockFetch, renderWithSession } from './utils';

const token = 'a'.repeat(43);

describe('invoice address confirmation page', () => {
  it('sends nothing until asked, then posts the token and shows the answer', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [oneTouchPaths.confirmInvoiceEmail]: () =>
        jsonResponse({
          status: 'SUCCESS',
          title: messages.invoiceSent,
          message: 'We have sent the invoice for ride 1234 to someone@example.org.',
          ticket_request_id: null,
          csat_required: false,
          side_load: {},
        }),
    });
    renderWithSession(<InvoiceConfirmPage />, { route: `/invoice/confirm?token=${token}` });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send the invoice' }));
    expect(await screen.findByText('We have sent the invoice for ride 1234 to someone@example.org.')).toBeVisible();
    expect(screen.getByText(messages.invoiceSent)).toBeVisible();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token });
  });

  it('shows the server message for a used or expired link', async () => {
    const user = userEvent.setup();
    const used = 'This link has expired or was already used. Please ask for the invoice again.';
    mockFetch({
      [oneTouchPaths.confirmInvoiceEmail]: () =>
        jsonResponse({
          status: 'FAILURE',
          title: messages.sorry,
          message: used,
          ticket_request_id: null,
          csat_required: false,
          side_load: {},
        }),
    });
    renderWithSession(<InvoiceConfirmPage />, { route: `/invoice/confirm?token=${token}` });
    await user.click(screen.getByRole('button', { name: 'Send the invoice' }));
    expect(await screen.findByText(used)).toBeVisible();
  });

  it('offers no button for a link without a proper token', () => {
    mockFetch({});
    renderWithSession(<InvoiceConfirmPage />, { route: '/invoice/confirm?token=x' });
    expect(screen.getByText('This link is incomplete. Please open it again from the e-mail.')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
