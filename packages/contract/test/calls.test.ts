import { describe, expect, it } from 'vitest';
import { type CallAction, callActionsFor } from '../src/call-actions.ts';
import {
  type ClickToCallValue,
  clickToCallHandling,
  clickToCallValues,
  readClickToCallValue,
  sdCallUsLine,
} from '../src/calls.ts';
import { messages } from '../src/messages.ts';

describe('click-to-call values (core.md §4, §8)', () => {
  it.each<[ClickToCallValue, string, string | null, string | null]>([
    // value, action, title, close
    ['INVALID_TOKEN', 'overlay', 'callSessionExpiredTitle', 'reload'],
    ['FAILURE', 'overlay', 'callOverlayTitle', 'back'],
    ['NO_NETWORK', 'notice', 'noNetworkCoverage', null],
    ['ERROR', 'notice', 'sorry', null],
    ['CLOSE', 'none', null, null],
    ['SUCCESS', 'notice', 'clickToCallPlacedTitle', null],
  ])('%s → %s, title %s, close %s', (value, action, title, onClose) => {
    const h = clickToCallHandling(value);
    expect(h.action).toBe(action);
    expect(h.title).toBe(title);
    expect(h.onClose).toBe(onClose);
  });

  it('uses the spec texts: No network coverage, the generic failure for ERROR', () => {
    expect(messages[clickToCallHandling('NO_NETWORK').title ?? 'sorry']).toBe('No network coverage');
    expect(messages[clickToCallHandling('ERROR').fallbackMessage ?? 'sorry']).toBe(
      'Something went wrong. Please try again.',
    );
    expect(messages.callbackFailed).toBe('Something went wrong!');
    expect(messages.appLinkFailed).toBe('Error in Sending App Link');
  });

  it('only FAILURE and INVALID_TOKEN open /overlay', () => {
    expect(clickToCallValues.filter((v) => clickToCallHandling(v).action === 'overlay')).toEqual([
      'INVALID_TOKEN',
      'FAILURE',
    ]);
  });

  it('reads anything unknown as ERROR', () => {
    expect(readClickToCallValue('FAILURE')).toBe('FAILURE');
    expect(readClickToCallValue('failure')).toBe('ERROR');
    expect(readClickToCallValue(undefined)).toBe('ERROR');
  });
});

describe('which article offers which call', () => {
  it.each<[string, Record<string, string | boolean | number>, CallAction[]]>([
    ['a plain article', {}, []],
    ['a phone number to dial is not a call we place', { phone: '112' }, []],
    ['call_type click_to_call', { call_type: 'click_to_call' }, ['call_me', 'call_me_back']],
    ['click_to_call without call-back', { call_type: 'click_to_call', minus_call_back: true }, ['call_me']],
    ['call_type call_back', { call_type: 'call_back' }, ['call_me_back']],
    ['sd_call_us outside the self-drive app', { sd_call_us: true }, ['call_me_back']],
    ['sd_call_us false', { sd_call_us: false }, []],
    ['call_type call_driver', { call_type: 'call_driver' }, ['call_driver']],
    ['call_type send_app_link', { call_type: 'send_app_link' }, ['send_app_link']],
  ])('%s', (_name, labels, actions) => {
    expect(callActionsFor(labels)).toEqual(actions);
  });

  it('sd_call_us in the self-drive app shows the self-drive line too', () => {
    expect(callActionsFor({ sd_call_us: 1 }, { selfDrive: true })).toEqual(['call_me_back', 'sd_call_us']);
    expect(callActionsFor({ sd_call_us: true, minus_call_back: true }, { selfDrive: true })).toEqual(['sd_call_us']);
  });

  it('the call-us master switch hides the calls but not the app link', () => {
    expect(callActionsFor({ call_type: 'click_to_call', sd_call_us: true }, { callUsSwitch: false })).toEqual([]);
    expect(callActionsFor({ call_type: 'send_app_link' }, { callUsSwitch: false })).toEqual(['send_app_link']);
  });
});

describe('self-drive support line', () => {
  it.each([
    ['IN', 'Mumbai', '+91 22 4718 2200', 'Mumbai'],
    ['IN', 'mumbai', '+91 22 4718 2200', 'Mumbai'],
    ['IN', 'Pune', '+91 80 4718 2200', null],
    ['GB', 'London', '+44 20 7946 0220', null],
    [undefined, undefined, '+91 80 4718 2200', null],
    ['ZZ', undefined, '+91 80 4718 2200', null],
  ])('%s %s → %s', (country, city, phone, cityName) => {
    const line = sdCallUsLine(country, city);
    expect(line.phone).toBe(phone);
    expect(line.city).toBe(cityName);
    expect(line.dial).toBe(phone.replace(/\s/g, ''));
  });
});
