import { type EntryMode, entryModeSchema } from './auth.ts';
import type { IndexContext } from './kb-indexes.ts';
import { routes } from './navigation.ts';

/**
 * Entry modes (spec core.md §1, §2, §6; docs/embedding.md): where the help centre was opened — the customer website,
 * one of the host apps, or a share-pass popup — and what that changes. One table, so the server (which index a
 * viewer reads, which mode a query may claim) and the web app (chrome, Back) read the same rules.
 */

/** The spec's back modes (core.md §2): the mode's own default, and the `previous` values routes carry. */
export const backModes = [
  'default',
  'context_default',
  'operator_default',
  'driver_default',
  'driver_app',
  'restaurant_default',
  'selfdrive_default',
  'selfServe',
  'bookingsByType',
  'myrides',
  'home',
] as const;
export type BackMode = (typeof backModes)[number];

/**
 * Whose article index a mode reads, passed to `articleIndexes` (kb-indexes.ts stays the rule for the index itself):
 * `viewer` — the signed-in user's own role (a visitor's site country); otherwise that audience whoever is signed in
 * (operators are partners and read the partners' index; a restaurant reads the food-delivery index).
 */
export type IndexAudience = 'viewer' | 'customer' | 'driver' | 'food_delivery_rider';

/** Which booking list and card fields a mode offers (spec §2, §6): a customer's rides, a partner's trips, none. */
export type BookingFields = 'customer_rides' | 'driver_trips' | 'none';

/** Who receives Back at the top of the help centre: nobody (the website), the native app, or the popup's parent. */
export type BackHost = 'none' | 'native_app' | 'parent_window';

export interface Chrome {
  /** the site header (logo, support home, account) */
  header: boolean;
  /** the app download link in the header */
  downloadLink: boolean;
  /** the side menu (categories, My Bookings) */
  sideMenu: boolean;
  /** sign-out: inside a host app the app owns the session (core.md §6) */
  logout: boolean;
}

export interface EntryModeRules {
  /** the spec's source value for the mode (core.md §6: 'Operator app source: operator_default entry') */
  source: BackMode;
  index: IndexAudience;
  bookings: BookingFields;
  /** the mode's back behaviour where a page names no `previous` */
  back: BackMode;
  backHost: BackHost;
  /** the session is the host app's (signed in with the app token) */
  inApp: boolean;
  chrome: Chrome;
  /** A visitor may claim the mode from the first page's query (website, share-pass popup); app modes come signed. */
  visitor: boolean;
}

const site: Chrome = { header: true, downloadLink: true, sideMenu: true, logout: true };
const app: Chrome = { header: true, downloadLink: false, sideMenu: true, logout: false };
const popup: Chrome = { header: false, downloadLink: false, sideMenu: false, logout: false };

export const entryModes: Readonly<Record<EntryMode, EntryModeRules>> = {
  customer_website: {
    source: 'default',
    index: 'viewer',
    bookings: 'customer_rides',
    back: 'default',
    backHost: 'none',
    inApp: false,
    chrome: site,
    visitor: true,
  },
  customer_app: {
    source: 'context_default',
    index: 'viewer',
    bookings: 'customer_rides',
    back: 'context_default',
    backHost: 'native_app',
    inApp: true,
    chrome: app,
    visitor: false,
  },
  driver_app: {
    source: 'driver_app',
    index: 'viewer',
    bookings: 'driver_trips',
    back: 'driver_app',
    backHost: 'native_app',
    inApp: true,
    chrome: app,
    visitor: false,
  },
  operator_app: {
    source: 'operator_default',
    index: 'driver',
    bookings: 'driver_trips',
    back: 'operator_default',
    backHost: 'native_app',
    inApp: true,
    chrome: app,
    visitor: false,
  },
  restaurant: {
    source: 'restaurant_default',
    index: 'food_delivery_rider',
    bookings: 'none',
    back: 'restaurant_default',
    backHost: 'native_app',
    inApp: true,
    chrome: app,
    visitor: false,
  },
  self_drive: {
    source: 'selfdrive_default',
    index: 'customer',
    bookings: 'customer_rides',
    back: 'selfdrive_default',
    backHost: 'native_app',
    inApp: true,
    chrome: app,
    visitor: false,
  },
  share_pass: {
    source: 'default',
    index: 'customer',
    bookings: 'none',
    back: 'default',
    backHost: 'parent_window',
    inApp: false,
    chrome: popup,
    visitor: true,
  },
};

export function entryModeRules(mode: EntryMode): EntryModeRules {
  return entryModes[mode];
}

/**
 * The chrome a page shows: the mode's (a share-pass popup's when the page is one, `isSharePassPopup`). A host app's
 * session — signed in with the app token — never offers sign-out or the download, whatever mode it named, as the
 * app owns the session (core.md §6).
 */
export function chromeFor(at: { entryMode: EntryMode; inApp: boolean; popup: boolean }): Chrome {
  if (at.popup) return entryModes.share_pass.chrome;
  const chrome = entryModes[at.entryMode].chrome;
  return at.inApp ? { ...chrome, downloadLink: false, logout: false } : chrome;
}

/** The operator app's entry (core.md §2 '/report — operator app'): the home of the mode's index. */
export const OPERATOR_REPORT_PATH = '/report';

/**
 * The home of an entry mode, where `/` goes (issue 14): the operator app's is /report (core.md §2 '/report — operator
 * app'); every other mode's is /home, which shows the driver home in the driver app and a restaurant's own index
 * (core.md §2 '/home — home (driver home in the driver app)'). The query (`?entry_mode=`, `?lang=`) goes along.
 */
export function entryModeHome(mode: EntryMode): string {
  return mode === 'operator_app' ? OPERATOR_REPORT_PATH : routes.home;
}

/** The query parameter a page (or GET /api/auth/session) may carry to name its entry mode. */
export const ENTRY_MODE_QUERY = 'entry_mode';
/** The spec's source values may name the mode instead (`?source=operator_default`). */
export const ENTRY_SOURCE_QUERY = 'source';

/**
 * The mode a query names: `entry_mode` (a mode's name) first, else `source` (a mode's source value; 'default' is
 * the website). Only modes a visitor may claim unless `signed` (the host app's own session); null otherwise.
 */
export function entryModeFromQuery(
  query: { entry_mode?: unknown; source?: unknown },
  opts: { signed?: boolean } = {},
): EntryMode | null {
  const allowed = (m: EntryMode) => opts.signed === true || entryModes[m].visitor;
  // Nothing named is the common case (every visitor's request reads it): no parse that can only fail.
  const named = query.entry_mode === undefined ? null : entryModeSchema.safeParse(query.entry_mode);
  if (named?.success) return allowed(named.data) ? named.data : null;
  if (typeof query.source !== 'string') return null;
  const bySource = entryModeSchema.options.find((m) => entryModes[m].source === query.source);
  return bySource && allowed(bySource) ? bySource : null;
}

/**
 * The index context a mode reads: the viewer's own, with the role the mode's audience names. A visitor of the
 * website keeps the visitor role (the site country's customer index).
 */
export function indexContextFor(mode: EntryMode, viewer: IndexContext): IndexContext {
  const audience = entryModes[mode].index;
  if (audience === 'viewer' || viewer.role === audience) return viewer;
  return { ...viewer, role: audience };
}

/** Where a page is in ticket creation (the issue form's states) or a redirect home (core.md §2). */
export type BackState = 'idle' | 'creating' | 'done' | 'redirecting';

export type BackAction =
  /** back while redirecting home is ignored */
  | { kind: 'ignore' }
  /** during ticket creation or after completion: the form returns to its initial state */
  | { kind: 'reset' }
  /** share-pass popup: close the modal, post {type:'CLOSE'} to the parent window */
  | { kind: 'close_popup' }
  /** a native app's top page: tell the host (docs/embedding.md) */
  | { kind: 'host' }
  | { kind: 'history' }
  | { kind: 'navigate'; to: string };

export interface BackInput {
  mode: EntryMode;
  /** the route's `previous` (/report/{context}/{previous}, /myrides?previous=…), else the mode's own back */
  previous?: string | null | undefined;
  state?: BackState;
  /** there is a page of ours to go back to */
  canGoBack: boolean;
  /** where a page opened directly goes up to (its parent); home when none */
  fallback?: string | null | undefined;
  /** the article a bookingsByType back returns to the list of */
  articleId?: string | null | undefined;
}

/** The back modes that name a place to go rather than a way to go back. */
const targets: Partial<Record<BackMode, (i: BackInput) => string>> = {
  selfServe: () => routes.selfServe,
  home: () => routes.home,
  myrides: () => '/myrides?previous=home',
  bookingsByType: (i) => (i.articleId ? `/bookingsByType/${encodeURIComponent(i.articleId)}/home` : routes.home),
};

function isBackMode(value: string | null | undefined): value is BackMode {
  return typeof value === 'string' && (backModes as readonly string[]).includes(value);
}

/**
 * What Back does (core.md §2), in order: ignored while redirecting home; during ticket creation or after it, the
 * form returns to its initial state; a share-pass popup closes; a `previous` naming a place goes there; otherwise
 * back through our history, and at the top the native app's host is told (docs/embedding.md) or, on the website,
 * the page's parent (or home) opens. The driver article routes' `driver_default` goes to the driver home at the top.
 */
export function backAction(input: BackInput): BackAction {
  const state = input.state ?? 'idle';
  if (state === 'redirecting') return { kind: 'ignore' };
  if (state === 'creating' || state === 'done') return { kind: 'reset' };
  const rules = entryModes[input.mode];
  if (rules.backHost === 'parent_window') return { kind: 'close_popup' };
  const back: BackMode = isBackMode(input.previous) ? input.previous : rules.back;
  const target = targets[back];
  if (target) return { kind: 'navigate', to: target(input) };
  if (input.canGoBack) return { kind: 'history' };
  if (back === 'driver_default') return { kind: 'navigate', to: routes.home };
  if (rules.backHost === 'native_app') return { kind: 'host' };
  return { kind: 'navigate', to: input.fallback || routes.home };
}

/** The message a share-pass popup posts to its parent page to be closed (core.md §2, docs/embedding.md). */
export const SHARE_PASS_CLOSE = { type: 'CLOSE' } as const;

/** The native bridge (docs/embedding.md): the JavaScript interface the host apps put on window, and its fallback. */
export const HOST_BRIDGE_NAME = 'SelfserveHost';
export const HOST_BRIDGE_FALLBACK_URL = 'selfserve://finish';

/**
 * The parent origins a share-pass popup may post to: the configured frame ancestors that are origins (scheme, host,
 * port) — not 'self' or wildcards, so CLOSE never goes to a page nobody configured.
 */
export function parentOriginsOf(frameAncestors: readonly string[]): string[] {
  return frameAncestors.filter((o) => /^https?:\/\/[^/*\s]+$/i.test(o));
}

/**
 * The visit's entry mode for a visitor (website or share-pass popup, from the first page's query): a browser-session
 * cookie, so the mode lasts for the visit and no longer. A signed-in session keeps its own.
 */
export const ENTRY_MODE_COOKIE = 'ss_entry_mode';
