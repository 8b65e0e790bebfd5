import { describe, expect, it } from 'vitest';
import {
  type ChatConfig,
  type ChatRegionConfig,
  chatAvailability,
  chatConfigSchema,
  chatConfigUpdateSchema,
  chatHandoffFieldNames,
  chatHandoffFieldsSchema,
  chatRegionConfigSchema,
  DEFAULT_CHAT_CONFIG,
} from '../src/chat-availability.ts';
import { chatAvailabilityPaths, chatOffered } from '../src/chat-offer.ts';
import { chatPaths } from '../src/chat-paths.ts';

const at = (iso: string) => new Date(iso);
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

/** GB with the demo hours (bot all day, people 09:00–17:00 Monday to Friday, London time) unless changed. */
function gb(change: Partial<ChatRegionConfig> = {}): ChatConfig {
  return { ...DEFAULT_CHAT_CONFIG, gb: { ...DEFAULT_CHAT_CONFIG.gb, ...change } };
}

// 2026-11-24 is a Tuesday; London is on GMT (UTC+0) then, Kolkata on UTC+5:30, Sydney on AEDT (UTC+11).
const TUESDAY_NOON_Z = at('2026-11-24T12:00:00Z');

describe('chatAvailability: by country (core.md §1: in, au, nz, gb)', () => {
  it.each(['IN', 'in', 'AU', 'NZ', 'GB', ' gb '])('%s is a chat region', (country) => {
    const a = chatAvailability(DEFAULT_CHAT_CONFIG, { country, now: TUESDAY_NOON_Z });
    expect(a.chat).toBe(true);
    expect(a.region).toBe(country.trim().toLowerCase());
  });

  it.each(['US', 'FR', 'SG', '', null, undefined])('%s is not', (country) => {
    expect(chatAvailability(DEFAULT_CHAT_CONFIG, { country, now: TUESDAY_NOON_Z })).toEqual({
      chat: false,
      live: false,
      opens_at: null,
      live_opens_at: null,
      region: null,
    });
  });

  it('a region left out of the configuration, or disabled, offers nothing', () => {
    const { gb: _left, ...withoutGb } = DEFAULT_CHAT_CONFIG;
    expect(chatAvailability(withoutGb, { country: 'GB', now: TUESDAY_NOON_Z })).toMatchObject({
      chat: false,
      region: 'gb',
    });
    expect(chatAvailability(gb({ enabled: false }), { country: 'GB', now: TUESDAY_NOON_Z })).toMatchObject({
      chat: false,
      live: false,
      opens_at: null,
    });
  });
});

describe('chatAvailability: by city and car category', () => {
  const config = gb({ cities: ['London', 'Manchester'], car_categories: ['prime', 'suv'] });
  const ask = (city: string | null, car_category: string | null) =>
    chatAvailability(config, { country: 'GB', city, car_category, now: TUESDAY_NOON_Z }).chat;

  it('a listed city (any case) and category are offered', () => {
    expect(ask('London', 'prime')).toBe(true);
    expect(ask('manchester', 'SUV')).toBe(true);
  });
  it('a city or category not listed is not', () => {
    expect(ask('Leeds', 'prime')).toBe(false);
    expect(ask('London', 'auto')).toBe(false);
  });
  it('an unknown city is not offered under a city list; help not about a ride passes a category list', () => {
    expect(ask(null, 'prime')).toBe(false);
    expect(ask('London', null)).toBe(true);
  });
  it("'all' lets any city and category through, known or not", () => {
    expect(chatAvailability(gb(), { country: 'GB', city: null, car_category: 'auto', now: TUESDAY_NOON_Z }).chat).toBe(
      true,
    );
  });
});

describe('chatAvailability: hours in the region’s time zone', () => {
  it.each([
    ['2026-11-24T08:59:00Z', false, '2026-11-24T09:00:00.000Z'], // a minute before opening
    ['2026-11-24T09:00:00Z', true, null], // opening is included
    ['2026-11-24T16:59:00Z', true, null],
    ['2026-11-24T17:00:00Z', false, '2026-11-25T09:00:00.000Z'], // closing is excluded
    ['2026-11-27T17:30:00Z', false, '2026-11-30T09:00:00.000Z'], // Friday evening → Monday
    ['2026-11-28T12:00:00Z', false, '2026-11-30T09:00:00.000Z'], // Saturday
  ])('GB live 09:00–17:00 Mon–Fri at %s: live %s, a person from %s', (now, live, liveOpensAt) => {
    const a = chatAvailability(DEFAULT_CHAT_CONFIG, { country: 'GB', now: at(now) });
    expect(a).toEqual({ chat: true, live, opens_at: null, live_opens_at: liveOpensAt, region: 'gb' });
  });

  it('British Summer Time moves the hours an hour earlier in UTC', () => {
    // 2026-07-07 is a Tuesday; London is on UTC+1
    expect(chatAvailability(DEFAULT_CHAT_CONFIG, { country: 'GB', now: at('2026-07-07T07:59:00Z') }).live).toBe(false);
    expect(chatAvailability(DEFAULT_CHAT_CONFIG, { country: 'GB', now: at('2026-07-07T08:00:00Z') }).live).toBe(true);
  });

  it('the next opening across a clock change is the local opening time (Friday BST → Monday GMT)', () => {
    // the clocks go back on Sunday 2026-10-25: Friday 09:00 was 08:00Z, Monday 09:00 is 09:00Z
    expect(
      chatAvailability(DEFAULT_CHAT_CONFIG, { country: 'GB', now: at('2026-10-23T18:00:00Z') }).live_opens_at,
    ).toBe('2026-10-26T09:00:00.000Z');
  });

  it.each([
    ['2026-11-24T02:29:00Z', false, '2026-11-24T02:30:00.000Z'], // 07:59 in Kolkata
    ['2026-11-24T02:30:00Z', true, null], // 08:00
    ['2026-11-24T16:29:00Z', true, null], // 21:59
    ['2026-11-24T16:30:00Z', false, '2026-11-25T02:30:00.000Z'], // 22:00
  ])('IN live 08:00–22:00 Asia/Kolkata every day at %s: live %s', (now, live, liveOpensAt) => {
    const a = chatAvailability(DEFAULT_CHAT_CONFIG, { country: 'IN', now: at(now) });
    expect(a).toMatchObject({ chat: true, live, live_opens_at: liveOpensAt });
  });

  it('the same instant is inside Sydney’s hours and outside London’s', () => {
    const now = at('2026-11-23T22:00:00Z'); // Tuesday 09:00 in Sydney, Monday 22:00 in London
    expect(chatAvailability(DEFAULT_CHAT_CONFIG, { country: 'AU', now }).live).toBe(true);
    expect(chatAvailability(DEFAULT_CHAT_CONFIG, { country: 'GB', now }).live).toBe(false);
  });

  describe('outside the bot’s hours chat is not offered and says when it opens', () => {
    const config = gb({
      bot_hours: [{ days: [...WEEKDAYS], open: '08:00', close: '20:00' }],
      live_hours: [{ days: [...WEEKDAYS], open: '09:00', close: '17:00' }],
    });
    it.each([
      ['2026-11-24T07:00:00Z', '2026-11-24T08:00:00.000Z', '2026-11-24T09:00:00.000Z'],
      ['2026-11-24T20:00:00Z', '2026-11-25T08:00:00.000Z', '2026-11-25T09:00:00.000Z'],
      ['2026-11-28T10:00:00Z', '2026-11-30T08:00:00.000Z', '2026-11-30T09:00:00.000Z'],
    ])('at %s it opens at %s (a person at %s)', (now, opensAt, liveOpensAt) => {
      expect(chatAvailability(config, { country: 'GB', now: at(now) })).toEqual({
        chat: false,
        live: false,
        opens_at: opensAt,
        live_opens_at: liveOpensAt,
        region: 'gb',
      });
    });
    it('a person is never offered outside the bot’s hours, even within live hours', () => {
      const odd = gb({
        bot_hours: [{ days: [...WEEKDAYS], open: '10:00', close: '12:00' }],
        live_hours: [{ days: [...WEEKDAYS], open: '09:00', close: '17:00' }],
      });
      expect(chatAvailability(odd, { country: 'GB', now: at('2026-11-24T09:30:00Z') })).toMatchObject({
        chat: false,
        live: false,
        opens_at: '2026-11-24T10:00:00.000Z',
        live_opens_at: '2026-11-24T10:00:00.000Z',
      });
    });
    it('hours that never open give no opening time', () => {
      expect(chatAvailability(gb({ bot_hours: [] }), { country: 'GB', now: TUESDAY_NOON_Z })).toMatchObject({
        chat: false,
        opens_at: null,
      });
    });
  });

  describe('a window across midnight belongs to the day it opens on', () => {
    // Friday 22:00 → Saturday 02:00, London (GMT in November: local = UTC)
    const config = gb({ bot_hours: [{ days: ['fri'], open: '22:00', close: '02:00' }], live_hours: [] });
    it.each([
      ['2026-11-27T21:59:00Z', false, '2026-11-27T22:00:00.000Z'], // Friday before it opens
      ['2026-11-27T22:00:00Z', true, null],
      ['2026-11-27T23:59:00Z', true, null],
      ['2026-11-28T00:00:00Z', true, null], // Saturday, after midnight
      ['2026-11-28T01:59:00Z', true, null],
      ['2026-11-28T02:00:00Z', false, '2026-12-04T22:00:00.000Z'], // closed → next Friday
      ['2026-11-26T01:00:00Z', false, '2026-11-27T22:00:00.000Z'], // Thursday early: Wednesday has no window
    ])('at %s chat %s, opens %s', (now, chat, opensAt) => {
      expect(chatAvailability(config, { country: 'GB', now: at(now) })).toMatchObject({ chat, opens_at: opensAt });
    });
  });
});

describe('chatAvailability: the HIDE_CHAT master switch (spec §6)', () => {
  it('hides chat everywhere, whatever the hours', () => {
    expect(chatAvailability(DEFAULT_CHAT_CONFIG, { country: 'GB', now: TUESDAY_NOON_Z, hideChat: true })).toEqual({
      chat: false,
      live: false,
      opens_at: null,
      live_opens_at: null,
      region: 'gb',
    });
  });
});

describe('the configuration schema', () => {
  it('accepts the demo configuration', () => {
    expect(chatConfigSchema.parse(DEFAULT_CHAT_CONFIG)).toEqual(DEFAULT_CHAT_CONFIG);
  });
  it.each([
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'IANA'],
    ['a time out of the day', { bot_hours: [{ days: ['mon'], open: '25:00', close: '26:00' }] }, 'HH:MM'],
    ['a window that opens as it closes', { bot_hours: [{ days: ['mon'], open: '09:00', close: '09:00' }] }, 'same'],
    ['a window without days', { live_hours: [{ days: [], open: '09:00', close: '10:00' }] }, 'day'],
    ['a made-up weekday', { live_hours: [{ days: ['funday'], open: '09:00', close: '10:00' }] }, ''],
  ])('refuses %s', (_name, change, message) => {
    const r = chatRegionConfigSchema.safeParse({ ...DEFAULT_CHAT_CONFIG.gb, ...change });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(' ')).toContain(message);
  });
  it('an update names at least one known region and nothing else', () => {
    expect(chatConfigUpdateSchema.safeParse({ regions: {} }).success).toBe(false);
    expect(chatConfigUpdateSchema.safeParse({ regions: { us: DEFAULT_CHAT_CONFIG.gb } }).success).toBe(false);
    expect(chatConfigUpdateSchema.safeParse({ regions: { gb: DEFAULT_CHAT_CONFIG.gb }, x: 1 }).success).toBe(false);
    expect(chatConfigUpdateSchema.parse({ regions: { gb: DEFAULT_CHAT_CONFIG.gb } }).updated_by).toBe('admin');
  });
});

describe('chatOffered: where "Chat with us" shows', () => {
  const open = { chat: true };
  const shut = { chat: false };
  it('nowhere when availability says no (or is not known yet)', () => {
    expect(chatOffered(shut, { kind: 'article' })).toBe(false);
    expect(chatOffered(undefined, { kind: 'article' })).toBe(false);
    expect(chatOffered(shut, { kind: 'result', sideLoadChat: true, addChatWithUs: true })).toBe(false);
    expect(chatOffered(shut, { kind: 'booking', krutrimChat: true })).toBe(false);
  });
  it('under every article when available', () => {
    expect(chatOffered(open, { kind: 'article' })).toBe(true);
  });
  it('in a result when its side_load asks, else when the article has add_chat_with_us', () => {
    expect(chatOffered(open, { kind: 'result', sideLoadChat: true, addChatWithUs: false })).toBe(true);
    expect(chatOffered(open, { kind: 'result', sideLoadChat: false, addChatWithUs: true })).toBe(false);
    expect(chatOffered(open, { kind: 'result', sideLoadChat: undefined, addChatWithUs: true })).toBe(true);
    expect(chatOffered(open, { kind: 'result', sideLoadChat: undefined, addChatWithUs: false })).toBe(false);
  });
  it('on a booking’s help only for a booking with the bot (krutrim_chat)', () => {
    expect(chatOffered(open, { kind: 'booking', krutrimChat: true })).toBe(true);
    expect(chatOffered(open, { kind: 'booking', krutrimChat: false })).toBe(false);
  });
});

describe('the /chatbot hand-off fields (core.md §7)', () => {
  it('names the fields of the spec, each a string that defaults to empty', () => {
    expect(chatHandoffFieldNames).toEqual([
      'profile',
      'chat_config',
      'booking',
      'environment',
      'csrf_token',
      'action',
      'extra',
      'location',
      'device',
      'version',
      'user_email',
      'crn',
      'brand',
      'locale',
    ]);
    const parsed = chatHandoffFieldsSchema.parse({ crn: '1234567', locale: 'fr' });
    expect(parsed.crn).toBe('1234567');
    expect(parsed.profile).toBe('');
  });
  it('is posted to the same path our own chat receives it on', () => {
    expect(chatAvailabilityPaths.handoff).toBe(chatPaths.handoff);
  });
  it('refuses an oversized field', () => {
    expect(chatHandoffFieldsSchema.safeParse({ crn: 'x'.repeat(65) }).success).toBe(false);
  });
});
