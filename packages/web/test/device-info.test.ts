import { ticketPaths } from '@selfserve/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceInfo, deviceInfoFromUserAgent, forgetDeviceInfo, mergeClientHints } from '../src/lib/device-info';
import { submitMonitoringEvent } from '../src/lib/tickets/monitoring';
import { jsonResponse } from './utils';

const none = { osName: null, osVersion: null, deviceName: null, deviceModel: null };

describe('device fields for monitoring (core.md §7)', () => {
  it.each([
    [
      'an Android WebView names its model',
      'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 Chrome/119.0 Mobile',
      { ...none, osName: 'Android', osVersion: '13', deviceModel: 'SM-A536E' },
    ],
    [
      'Chrome’s reduced agent says K, which is not a model',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      { ...none, osName: 'Android', osVersion: '10' },
    ],
    [
      'an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      { ...none, osName: 'iOS', osVersion: '17.2.1' },
    ],
    [
      'Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0',
      { ...none, osName: 'Windows', osVersion: '10.0' },
    ],
    ['a robot says nothing', 'curl/8.4.0', none],
  ])('%s', (_name, ua, expected) => {
    expect(deviceInfoFromUserAgent(ua)).toEqual(expected);
  });

  it('client hints win over the frozen user agent; empty hints change nothing', () => {
    const ua = deviceInfoFromUserAgent('Mozilla/5.0 (Linux; Android 10; K) Chrome/120.0 Mobile');
    expect(mergeClientHints(ua, { platform: 'Android', platformVersion: '14.0.0', model: 'Pixel 8' })).toEqual({
      ...none,
      osName: 'Android',
      osVersion: '14.0.0',
      deviceModel: 'Pixel 8',
    });
    expect(mergeClientHints(ua, { platform: '', platformVersion: '', model: '' })).toEqual(ua);
  });

  afterEach(() => {
    forgetDeviceInfo();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    Object.defineProperty(navigator, 'userAgentData', { value: undefined, configurable: true });
  });

  it('a monitoring event carries every device field, from the client hints once they answered', async () => {
    vi.stubEnv('DEV', false);
    Object.defineProperty(navigator, 'userAgentData', {
      configurable: true,
      value: {
        platform: 'Android',
        getHighEntropyValues: async () => ({ platform: 'Android', platformVersion: '14.0.0', model: 'Pixel 8' }),
      },
    });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse({ status: 'SUCCESS' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    deviceInfo();
    await vi.waitFor(() => expect(deviceInfo().deviceModel).toBe('Pixel 8'));
    submitMonitoringEvent({ event_name: 'ticket_call', appRequest: true, profileCountry: 'IN' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(ticketPaths.monitoring);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      event_name: 'ticket_call',
      versionId: null,
      osVersion: '14.0.0',
      osName: 'Android',
      profileCity: null,
      profileCountry: 'IN',
      deviceName: null,
      deviceModel: 'Pixel 8',
      appRequest: true,
    });
  });
});
