import { countries, countryPaths, dialingCodeOf } from '@selfserve/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialingCodeField, dialingCodeError, ownCountry } from '../src/components/dialing-code-field';
import { t } from '../src/lib/i18n';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

function Form({ onChosen }: { onChosen: (code: string) => void }) {
  const [country, setCountry] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const problem = dialingCodeError(country);
        setError(problem && t(problem));
      }}
    >
      <DialingCodeField
        value={country}
        error={error}
        onChange={(next) => {
          setCountry(next);
          onChosen(next);
        }}
      />
      <button type="submit">Send</button>
      <output data-testid="code">{dialingCodeOf(country) ?? ''}</output>
    </form>
  );
}

describe('DialingCodeField', () => {
  it('offers the served countries and starts on the user’s own', async () => {
    const fetchMock = mockFetch({
      [countryPaths.list]: () => jsonResponse({ status: 'SUCCESS', data: countries }),
    });
    const chosen: string[] = [];
    const user = userEvent.setup();
    renderWithSession(<Form onChosen={(c) => chosen.push(c)} />, {
      session: { user: { ...riya, country_code: 'AU' } },
    });
    const select = await screen.findByRole('combobox', { name: 'Dialing code' });
    await waitFor(() => expect(select).toHaveValue('AU'));
    expect(screen.getByTestId('code')).toHaveTextContent('+61');
    expect(screen.getAllByRole('option')).toHaveLength(countries.length + 1);
    expect(screen.getByRole('option', { name: 'Canada (+1)' })).toBeInTheDocument();
    await user.selectOptions(select, 'CA');
    expect(screen.getByTestId('code')).toHaveTextContent('+1');
    expect(chosen).toEqual(['AU', 'CA']);
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual([countryPaths.list]);
  });

  it('starts a visitor on the UK site on +44', async () => {
    mockFetch({ [countryPaths.list]: () => jsonResponse({ status: 'SUCCESS', data: countries }) });
    renderWithSession(<Form onChosen={() => {}} />, { session: { ukHost: true } });
    await waitFor(() => expect(screen.getByTestId('code')).toHaveTextContent('+44'));
  });

  it('says so when the list cannot be loaded', async () => {
    mockFetch({
      [countryPaths.list]: () => jsonResponse({ status: 'FAILURE', error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    renderWithSession(<Form onChosen={() => {}} />);
    expect(
      await screen.findByRole('option', { name: 'The list of dialing codes could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dialing code' })).toBeDisabled();
  }, 15_000);

  it('keeps none when the visitor chooses none, and the form says Please Select Dialing Code', async () => {
    mockFetch({ [countryPaths.list]: () => jsonResponse({ status: 'SUCCESS', data: countries }) });
    const chosen: string[] = [];
    const user = userEvent.setup();
    renderWithSession(<Form onChosen={(c) => chosen.push(c)} />);
    const select = await screen.findByRole('combobox', { name: 'Dialing code' });
    await waitFor(() => expect(select).toHaveValue('IN'));
    await user.selectOptions(select, '');
    expect(select).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please Select Dialing Code');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(chosen).toEqual(['IN', '']);
  });
});

describe('ownCountry', () => {
  it.each([
    ['a user of Australia, on the Indian site', { country_code: 'AU' }, false, 'AU'],
    ['a user of India, on the UK site', { country_code: 'in' }, true, 'IN'],
    ['a user without a country, on the UK site', { country_code: '' }, true, 'GB'],
    ['a visitor on the UK site', null, true, 'GB'],
    ['a visitor on the Indian site', null, false, 'IN'],
  ])('%s → %s', (_who, user, ukHost, expected) => {
    expect(ownCountry(user, ukHost)).toBe(expected);
  });
});

describe('dialingCodeError', () => {
  it.each([
    ['', 'selectDialingCode'],
    [null, 'selectDialingCode'],
    ['XX', 'selectDialingCode'],
    ['IN', null],
    ['gb', null],
    ['CA', null],
    ['NG', null],
  ])('%s → %s', (country, expected) => {
    expect(dialingCodeError(country)).toBe(expected);
  });

  it('passes every one of the 18 countries', () => {
    expect(countries).toHaveLength(18);
    for (const c of countries) expect(dialingCodeError(c.country_code)).toBeNull();
  });
});
