import { z } from 'zod';
import { CHAT_REGIONS } from './constants.ts';

/**
 * Chat availability (core.md §1, §6; issue 17 items 4 and 5; docs/chat.md): where and when the chat (the bot) is
 * offered and when a person can take over, configured per chat region (in, au, nz, gb) by city, car category and
 * opening hours in the region's own time zone; and the fields of the /chatbot hand-off form. The calls' paths and
 * chatOffered are in chat-offer.ts (zod-free: the contact links under every article use them).
 */
export const chatRegionSchema = z.enum(CHAT_REGIONS);
export type ChatRegion = z.infer<typeof chatRegionSchema>;

export const chatWeekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export const chatWeekdaySchema = z.enum(chatWeekdays);
export type ChatWeekday = z.infer<typeof chatWeekdaySchema>;
export const EVERY_DAY: ChatWeekday[] = [...chatWeekdays];

const clockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'a time of day is HH:MM, from 00:00 to 24:00');

/**
 * One opening window: on each of `days`, from `open` (included) to `close` (excluded), in the region's time zone.
 * `close` earlier than `open` runs across midnight into the next day (22:00–02:00 opened on a Friday ends on the
 * Saturday at 02:00); 00:00–24:00 is the whole day.
 */
export const chatHoursSchema = z
  .object({
    days: z.array(chatWeekdaySchema).min(1, 'an opening window needs at least one day').max(7),
    open: clockTime,
    close: clockTime,
  })
  .refine((h) => h.open !== h.close, { message: 'an opening window cannot open and close at the same time' })
  .refine((h) => h.open !== '24:00', { message: 'a window opens at 23:59 at the latest' });
export type ChatHours = z.infer<typeof chatHoursSchema>;

/** An IANA time zone this runtime knows (Asia/Kolkata, Europe/London …). */
export const timeZoneSchema = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return /\//.test(tz) || tz === 'UTC';
    } catch {
      return false;
    }
  },
  { message: 'time_zone must be an IANA time zone such as Asia/Kolkata' },
);

/** 'all', or the listed names only (compared without regard to case). */
const allOrList = z.union([z.literal('all'), z.array(z.string().trim().min(1).max(60)).max(500)]);

export const chatRegionConfigSchema = z.object({
  /** false: no chat in the region at all */
  enabled: z.boolean(),
  /** the region's IANA time zone: the hours below are its wall-clock times */
  time_zone: timeZoneSchema,
  /** the cities chat is offered in ('all', or a list: then a reader whose city is unknown is not offered chat) */
  cities: allOrList,
  /** the car categories of the ride asked about ('all', or a list; help that is not about a ride is not restricted) */
  car_categories: allOrList,
  /** when the chat (the bot) is offered; outside these it is not, and the reader is told when it opens */
  bot_hours: z.array(chatHoursSchema).max(28),
  /** when a person can take over a conversation (live); outside these a hand-off becomes a ticket */
  live_hours: z.array(chatHoursSchema).max(28),
});
export type ChatRegionConfig = z.infer<typeof chatRegionConfigSchema>;

/** The whole configuration: one entry per chat region (a region left out offers no chat). */
export const chatConfigSchema = z.object({
  in: chatRegionConfigSchema.optional(),
  au: chatRegionConfigSchema.optional(),
  nz: chatRegionConfigSchema.optional(),
  gb: chatRegionConfigSchema.optional(),
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

/** PUT body of the admin call: the regions to replace (the others stay as they are) and who changed them. */
export const chatConfigUpdateSchema = z
  .object({
    regions: chatConfigSchema,
    /** who made the change, kept with it (the token says only that it was an operator) */
    updated_by: z.string().trim().min(1).max(100).default('admin'),
  })
  .strict()
  .refine((b) => Object.keys(b.regions).length > 0, { message: 'name at least one region to change' });
export type ChatConfigUpdate = z.infer<typeof chatConfigUpdateSchema>;

export const chatConfigResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  regions: z.array(
    z.object({
      region: chatRegionSchema,
      config: chatRegionConfigSchema,
      updated_at: z.string(),
      updated_by: z.string(),
    }),
  ),
});
export type ChatConfigResponse = z.infer<typeof chatConfigResponseSchema>;

/** The demo and first-start values (seeded by migration 0030; operators change them with the admin call). */
export const DEFAULT_CHAT_CONFIG = {
  in: {
    enabled: true,
    time_zone: 'Asia/Kolkata',
    cities: 'all',
    car_categories: 'all',
    bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
    live_hours: [{ days: EVERY_DAY, open: '08:00', close: '22:00' }],
  },
  au: {
    enabled: true,
    time_zone: 'Australia/Sydney',
    cities: 'all',
    car_categories: 'all',
    bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
    live_hours: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '08:00', close: '20:00' }],
  },
  nz: {
    enabled: true,
    time_zone: 'Pacific/Auckland',
    cities: 'all',
    car_categories: 'all',
    bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
    live_hours: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '08:00', close: '18:00' }],
  },
  gb: {
    enabled: true,
    time_zone: 'Europe/London',
    cities: 'all',
    car_categories: 'all',
    bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
    live_hours: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '09:00', close: '17:00' }],
  },
} satisfies Required<ChatConfig>;

export const chatAvailabilitySchema = z.object({
  /** the chat (the bot) is offered now */
  chat: z.boolean(),
  /** a person can take over now (live hours); never true when chat is false */
  live: z.boolean(),
  /** when chat is not offered now only because of the hours: the next opening (ISO, UTC); null otherwise */
  opens_at: z.string().nullable(),
  /** when live is false but chat may be offered at some time: the next time a person is there (ISO); null otherwise */
  live_opens_at: z.string().nullable(),
  /** the chat region of the country, null outside the chat regions */
  region: chatRegionSchema.nullable(),
});
export type ChatAvailability = z.infer<typeof chatAvailabilitySchema>;

export const chatAvailabilityResponseSchema = chatAvailabilitySchema.extend({
  status: z.literal('SUCCESS'),
  /** where /chatbot posts its form: CHAT_HANDOFF_URL when set, else our own chat's hand-off (chatAvailabilityPaths) */
  handoff_url: z.string(),
});
export type ChatAvailabilityResponse = z.infer<typeof chatAvailabilityResponseSchema>;

export const chatAvailabilityQuerySchema = z.object({
  /** a booking of the signed-in user: its country, city and car category decide (someone else's is 404) */
  booking_id: z.string().trim().min(1).max(64).optional(),
});

export interface ChatAvailabilityContext {
  /** ISO country code (IN, GB …), any case */
  country: string | null | undefined;
  city?: string | null | undefined;
  car_category?: string | null | undefined;
  now: Date;
  /** the HIDE_CHAT master switch (spec §6) */
  hideChat?: boolean;
}

const closed = (region: ChatRegion | null): ChatAvailability => ({
  chat: false,
  live: false,
  opens_at: null,
  live_opens_at: null,
  region,
});

/** The chat region of a country code, or null (core.md §1: in, au, nz, gb). */
export function chatRegionOf(country: string | null | undefined): ChatRegion | null {
  const parsed = chatRegionSchema.safeParse((country ?? '').trim().toLowerCase());
  return parsed.success ? parsed.data : null;
}

function listed(rule: 'all' | string[], value: string | null | undefined, unknownPasses: boolean): boolean {
  if (rule === 'all') return true;
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return unknownPasses;
  return rule.some((r) => r.toLowerCase() === v);
}

/**
 * The pure rule (docs/chat.md): chat is offered when the master switch allows it, the country is a chat region whose
 * entry is enabled, the city and the ride's car category are allowed, and the time is within the bot's hours; a
 * person can take over when, besides, it is within the live hours. When only the hours stop it, `opens_at` says when
 * the chat opens next.
 */
export function chatAvailability(config: ChatConfig, ctx: ChatAvailabilityContext): ChatAvailability {
  const region = chatRegionOf(ctx.country);
  if (!region) return closed(null);
  const rc = config[region];
  if (ctx.hideChat || !rc || !rc.enabled) return closed(region);
  if (!listed(rc.cities, ctx.city, false) || !listed(rc.car_categories, ctx.car_category, true)) return closed(region);
  const botOpen = isOpen(rc.bot_hours, rc.time_zone, ctx.now);
  const liveOpen = botOpen && isOpen(rc.live_hours, rc.time_zone, ctx.now);
  return {
    chat: botOpen,
    live: liveOpen,
    opens_at: botOpen ? null : nextOpening(rc.bot_hours, rc.time_zone, ctx.now),
    live_opens_at: liveOpen ? null : nextLiveOpening(rc, ctx.now),
    region,
  };
}

/** The next time both the bot's and the live hours are open (a person takes over only in a chat). */
function nextLiveOpening(rc: ChatRegionConfig, now: Date): string | null {
  let from = now;
  // Each step moves to the next opening of one of the two schedules; a few steps settle it for any sane schedule.
  for (let i = 0; i < 16; i++) {
    const bot = isOpen(rc.bot_hours, rc.time_zone, from);
    const live = isOpen(rc.live_hours, rc.time_zone, from);
    if (bot && live && from.getTime() !== now.getTime()) return from.toISOString();
    if (bot && live) return null; // open now: the caller reports live = true
    const next = nextOpening(bot ? rc.live_hours : rc.bot_hours, rc.time_zone, from);
    if (!next) return null;
    from = new Date(next);
  }
  return null;
}

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

function minutesOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `tz` at an instant: its date, weekday and minutes since midnight. */
export function wallClock(
  tz: string,
  at: Date,
): { year: number; month: number; day: number; weekday: number; minutes: number } {
  let f = partsFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    partsFormatters.set(tz, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(at)) p[part.type] = part.value;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday ?? '');
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    weekday,
    minutes: (Number(p.hour) % 24) * 60 + Number(p.minute),
  };
}

/** Is any window open at this instant (open included, close excluded)? */
export function isOpen(hours: ChatHours[], tz: string, at: Date): boolean {
  const { weekday, minutes } = wallClock(tz, at);
  const today = chatWeekdays[weekday] as ChatWeekday;
  const yesterday = chatWeekdays[(weekday + 6) % 7] as ChatWeekday;
  return hours.some((h) => {
    const open = minutesOf(h.open);
    const close = minutesOf(h.close);
    if (open < close) return h.days.includes(today) && minutes >= open && minutes < close;
    // across midnight: the evening part today, or the morning part of a window opened yesterday
    return (h.days.includes(today) && minutes >= open) || (h.days.includes(yesterday) && minutes < close);
  });
}

/** The instant a wall-clock time of `tz` happens (the later guess wins inside a daylight-saving gap). */
function instantOf(tz: string, year: number, month: number, day: number, minutes: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
  let guess = asUtc;
  for (let i = 0; i < 3; i++) {
    const w = wallClock(tz, new Date(guess));
    const shown = Date.UTC(w.year, w.month - 1, w.day, 0, w.minutes);
    const diff = shown - asUtc;
    if (diff === 0) break;
    guess -= diff;
  }
  return new Date(guess);
}

/**
 * The next instant after `now` at which a window opens (and `now` is not already inside it), as ISO; null when the
 * schedule never opens. Looks 8 local days ahead, which covers any weekly schedule.
 */
export function nextOpening(hours: ChatHours[], tz: string, now: Date): string | null {
  if (hours.length === 0) return null;
  const today = wallClock(tz, now);
  let best: number | null = null;
  for (let offset = 0; offset <= 8; offset++) {
    // the local calendar date `offset` days on (UTC date arithmetic on the local date's numbers)
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = chatWeekdays[d.getUTCDay()] as ChatWeekday;
    for (const h of hours) {
      if (!h.days.includes(weekday)) continue;
      const at = instantOf(tz, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), minutesOf(h.open));
      if (at.getTime() <= now.getTime()) continue;
      // a window that continues another (00:00 right after a 24:00 close) is not a new opening
      if (isOpen(hours, tz, new Date(at.getTime() - MINUTE))) continue;
      if (best === null || at.getTime() < best) best = at.getTime();
    }
    if (best !== null && offset >= 1) break;
  }
  return best === null ? null : new Date(best).toISOString();
}

/** A full day's window: 24 hours a day, every day. */
export function isAlwaysOpen(hours: ChatHours[]): boolean {
  return hours.some((h) => h.days.length === 7 && minutesOf(h.open) === 0 && minutesOf(h.close) === DAY_MINUTES);
}

/**
 * The /chatbot hand-off form (core.md §7 "Form POST to a support UI url"): every field a string, as an HTML form
 * posts it (application/x-www-form-urlencoded). JSON-valued fields carry JSON text; an absent value is ''.
 * The receiver (CHAT_HANDOFF_URL, or our own POST /api/chat/v1/handoff) must check `csrf_token` against the
 * session's CSRF token: a form cannot send the x-csrf-token header.
 */
const field = (max: number) => z.string().max(max).default('');
export const chatHandoffFieldsSchema = z.object({
  /** JSON: { id, name, email, role, country_code, city, locale } of the signed-in user; '' for a visitor */
  profile: field(4000),
  /** JSON: the availability answer the page decided with ({ chat, live, opens_at, live_opens_at, region }) */
  chat_config: field(2000),
  /** JSON: { id, crn, brand, cab_category, city, country, status } of the booking asked about; '' when none */
  booking: field(4000),
  /** 'production' or 'demo' */
  environment: field(20),
  /** the session's CSRF token (the receiver compares it with the session's) */
  csrf_token: field(200),
  /** 'chat' (start with the bot) or 'live' (ask for a person straight away) */
  action: field(20),
  /** JSON: { article_id, source } — what the reader was looking at and where they came from */
  extra: field(4000),
  /** JSON: { lat, lng } when known; '' otherwise */
  location: field(200),
  /** 'web' or 'app' (the embedded app view), then the browser's user agent after a space */
  device: field(600),
  /** the web app's build version */
  version: field(40),
  /** the signed-in user's e-mail; '' for a visitor */
  user_email: field(320),
  /** the booking's CRN; '' when none */
  crn: field(64),
  /** the booking's brand; '' when none */
  brand: field(40),
  /** the reader's language (en, hi, kn, ta, te, fr, nl) */
  locale: field(10),
});
export type ChatHandoffFields = z.infer<typeof chatHandoffFieldsSchema>;
/** The field names in the order the form posts them. */
export const chatHandoffFieldNames = Object.keys(chatHandoffFieldsSchema.shape) as (keyof ChatHandoffFields)[];
