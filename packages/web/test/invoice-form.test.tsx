import { messages, oneTouchPaths } from '@selfserve/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OneTouchPanel } from '../src/features/onetouch/components/one-touch-panel';
import { setCsrfToken } from '../src/lib/api-client';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

// The invoice form's answers (docs/one-touch-rules.md "Invoices by mail"): another address is asked to confirm first,
// and a refusal in the error shape (429 too many, 400 bad address) says why instead of "try again".
const invoiceArticle = article({
  id: '101004',
  labels: { one_touch: true, call_type: 'send_invoice' },
  label_names: ['send_invoice'],
});

function renderInvoiceForm() {
  return renderWithSession(
    <Routes>
      <Route path="/article" element={<OneTouchPanel article={invoiceArticle} onReload={() => {}} />} />
    </Routes>,
    { route: '/article', session: { user: riya } },
  );
}

async function sendTo(email: string) {
  const field = screen.getByLabelText('E-mail');
  await userEvent.clear(field);
  await userEvent.type(field, email);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

beforeEach(() => setSelectedBooking({ id: 'b-1', crn: '1234567890', cab_category: 'mini' }));
afterEach(() => {
  setSelectedBooking(null);
  setCsrfToken(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the send-invoice form', () => {
  it('tells the user to confirm from the other mailbox', async () => {
    const message = 'We have sent a link to accounts@example.org. Open it within 24 hours to receive the invoice.';
    mockFetch({
      [oneTouchPaths.sendInvoice]: () =>
        jsonResponse({
          status: 'SUCCESS',
          title: 'Confirm your e-mail address',
          message,
          ticket_request_id: null,
          csat_required: false,
          side_load: {},
        }),
    });
    renderInvoiceForm();
    await sendTo('accounts@example.org');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your e-mail address' });
    expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
    expect(dialog).toHaveTextContent(message);
  });

  it('over the limit says to wait, not the generic failure', async () => {
    mockFetch({
      [oneTouchPaths.sendInvoice]: () =>
        jsonResponse(
          { status: 'FAILURE', error: { code: 'TOO_MANY_REQUESTS', message: messages.TOO_MANY_REQUESTS } },
          429,
        ),
    });
    renderInvoiceForm();
    await sendTo('accounts@example.org');
    const dialog = await screen.findByRole('dialog', { name: messages.sorry });
    expect(dialog).toHaveAttribute('data-state', 'FAILURE');
    expect(dialog).toHaveTextContent(messages.TOO_MANY_REQUESTS);
    expect(dialog).not.toHaveTextContent(messages.genericFailure);
  });
});
