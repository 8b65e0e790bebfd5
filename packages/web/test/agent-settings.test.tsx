import {
  agentSettingsPaths,
  type CallUsLine,
  chatAvailabilityPaths,
  DEFAULT_CHAT_CONFIG,
  type SwitchesResponse,
} from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentSettingsPage } from '../src/features/agent/settings/settings-page';
import { jsonResponse, mockFetch, renderWithSession } from './utils';

const switches: SwitchesResponse = {
  status: 'SUCCESS',
  switches: { write_to_us: true, call_us: true, chat: true },
  source: 'env',
  updated_at: null,
};
const line: CallUsLine = {
  id: 'call_gb_customer',
  country_code: 'GB',
  city: null,
  audience: 'customer',
  line: null,
  number: '+442079460321',
};

function server(puts: { url: string; body: unknown }[]) {
  return mockFetch({
    [agentSettingsPaths.switches]: (_url, init) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push({ url: agentSettingsPaths.switches, body });
        return jsonResponse({ ...switches, switches: body, source: 'admin', updated_at: '2026-11-25T01:00:00.000Z' });
      }
      return jsonResponse(switches);
    },
    [chatAvailabilityPaths.config]: (_url, init) => {
      if (init?.method === 'PUT') {
        puts.push({ url: chatAvailabilityPaths.config, body: JSON.parse(String(init.body)) });
        return jsonResponse({ status: 'SUCCESS', regions: [] });
      }
      return jsonResponse({
        status: 'SUCCESS',
        regions: [
          { region: 'gb', config: DEFAULT_CHAT_CONFIG.gb, updated_at: '2026-11-20T10:00:00.000Z', updated_by: 'seed' },
        ],
      });
    },
    [agentSettingsPaths.callUs]: () => jsonResponse({ status: 'SUCCESS', lines: [line] }),
    [agentSettingsPaths.callUsLine.replace(':id', line.id)]: (_url, init) => {
      puts.push({ url: line.id, body: JSON.parse(String(init?.body)) });
      return jsonResponse(
        {
          status: 'FAILURE',
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please check your input.',
            fields: { number: 'a number is + and 8 to 15 digits, such as +442079460321' },
          },
        },
        400,
      );
    },
  });
}

describe('the settings page (docs/agent.md "Settings")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('limits a region’s chat to listed cities and car categories, empty meaning every one', async () => {
    const puts: { url: string; body: unknown }[] = [];
    server(puts);
    renderWithSession(<AgentSettingsPage />, { route: '/agent/settings' });
    const cities = await screen.findByRole('textbox', { name: /^Cities/ });
    await userEvent.type(cities, 'London,  Manchester ,');
    const region = cities.closest('form') as HTMLFormElement;
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toEqual({
      regions: { gb: { ...DEFAULT_CHAT_CONFIG.gb, cities: ['London', 'Manchester'], car_categories: 'all' } },
    });
  });

  it('saves the master switches as they are ticked, and says so', async () => {
    const puts: { url: string; body: unknown }[] = [];
    server(puts);
    renderWithSession(<AgentSettingsPage />, { route: '/agent/settings' });
    const chat = await screen.findByTestId('switch-chat');
    expect(screen.getByText('No admin has changed them: the servers’ default settings apply.')).toBeInTheDocument();
    const save = screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement;
    // Nothing changed yet: nothing to save.
    expect(save).toBeDisabled();
    await userEvent.click(chat);
    await userEvent.click(save);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toEqual({ write_to_us: true, call_us: true, chat: false });
    expect(await screen.findByTestId('switches-saved')).toHaveTextContent('Saved.');
    expect(screen.getByTestId('switch-chat')).not.toBeChecked();
  });

  it("shows the server's reason when a call-us number is refused", async () => {
    const puts: { url: string; body: unknown }[] = [];
    server(puts);
    renderWithSession(<AgentSettingsPage />, { route: '/agent/settings' });
    expect(await screen.findByRole('heading', { name: 'United Kingdom' })).toBeInTheDocument();
    const input = await screen.findByDisplayValue('+442079460321');
    await userEvent.clear(input);
    await userEvent.type(input, '020 7946');
    const row = input.closest('form') as HTMLFormElement;
    await userEvent.click(row.querySelector('button') as HTMLButtonElement);
    await waitFor(() => expect(puts).toEqual([{ url: line.id, body: { number: '020 7946' } }]));
    expect(await screen.findByText(/a number is \+ and 8 to 15 digits/)).toBeInTheDocument();
  });
});
