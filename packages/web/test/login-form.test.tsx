import { apiPaths, messages } from '@selfserve/contract';
import en from '@selfserve/contract/locales/en.json';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CodeSignInForm } from '../src/features/auth/components/code-sign-in-form';
import { LoginPage } from '../src/features/auth/routes/login';
import { jsonResponse, mockFetch, renderWithSession } from './utils';

describe('e-mail and code sign-in form', () => {
  it('keeps the typed e-mail and shows the server message after a failed request', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [apiPaths.loginCodeRequest]: () =>
        jsonResponse(
          { status: 'FAILURE', error: { code: 'TOO_MANY_REQUESTS', message: messages.TOO_MANY_REQUESTS } },
          429,
        ),
    });
    renderWithSession(<CodeSignInForm />, { route: '/login' });

    const email = screen.getByLabelText('E-mail address');
    await user.type(email, 'Riya.Customer@example.in');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.TOO_MANY_REQUESTS);
    expect(email).toHaveValue('Riya.Customer@example.in');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The contract schema normalises the address before it is sent.
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'riya.customer@example.in' });
  });

  it("shows the contract's message inline for an invalid e-mail without calling the server", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderWithSession(<CodeSignInForm />, { route: '/login' });

    const email = screen.getByLabelText('E-mail address');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('not-an-email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the demo code and keeps the typed code after a wrong code', async () => {
    const user = userEvent.setup();
    mockFetch({
      [apiPaths.loginCodeRequest]: () => jsonResponse({ status: 'SUCCESS', demo_code: '123456', expires_in: 600 }),
      [apiPaths.loginCodeVerify]: () =>
        jsonResponse(
          { status: 'FAILURE', error: { code: 'loginCodeInvalid', message: messages.loginCodeInvalid } },
          400,
        ),
    });
    renderWithSession(<CodeSignInForm />, { route: '/login' });

    await user.type(screen.getByLabelText('E-mail address'), 'riya.customer@example.in');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('demo-code')).toHaveTextContent('Demo mode: your code is 123456');

    const code = screen.getByLabelText('One-time code');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginCodeInvalid);
    expect(code).toHaveValue('654321');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('riya.customer@example.in');
  });

  it('says code sign-in is unavailable when the server cannot mail codes, instead of offering the form', async () => {
    mockFetch({});
    renderWithSession(<LoginPage />, { route: '/login', session: { codeSignIn: false, demo: false } });
    expect(await screen.findByText(en.login.codeUnavailable)).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
  });
});
