import { countries, countryPaths, dialingCodeOf } from '@selfserve/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialingCodeField } from '../src/components/dialing-code-field';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

function Form({ onChosen }: { onChosen: (code: string) => void }) {
  const [country, setCountry] = useState('');
  return (
    <>
      <DialingCodeField
        value={country}
        onChange={(next) => {
          setCountry(next);
          onChosen(next);
        }}
      />
      <output data-testid="code">{dialingCodeOf(country) ?? ''}</output>
    </>
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
});
