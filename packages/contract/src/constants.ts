/** Business constants and limits from spec core.md §9 and guided-flows.md §9. */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 700;
export const BOOKING_LIST_MAX_PAGES = 10;
export const SCROLL_BOTTOM_THRESHOLD_PX = 150;
export const DRIVER_V3_SUBMIT_DELAY_MS = 3000;
export const MARKETPLACE_REDIRECT_COOKIE_SECONDS = 172800;
/** Pinch-zoom on article images and ride maps (core.md §9; contract zoom.ts). */
export const PINCH_ZOOM_DOUBLE_TAP_MS = 300;
export const PINCH_ZOOM_MIN = 0.5;
export const PINCH_ZOOM_MAX = 4;
export const PINCH_ZOOM_ANIMATION_MS = 300;
/** Ours: the zoom a double tap goes to from no zoom, and the factor of each + / − button step. */
export const PINCH_ZOOM_DOUBLE_TAP_SCALE = 2;
export const PINCH_ZOOM_STEP_FACTOR = 1.5;
export const TOAST_DEFAULT_TEXT = 'Done !';
export const TOAST_DURATION_MS = 2000;
export const ERROR_DISPLAY_MS = 4000;
export const MODULE_LOADER_POLL_MS = 200;
export const ARTICLE_VIEWED_THRESHOLD_MS = 1000;
export const MODAL_COUNTDOWN_SECONDS = 5;
export const SUPPORT_HISTORY_MIN_APP_VERSION = { IN: 91403, OTHER: 91459 } as const;
export const COUNTRY_CODE_INDIA = 'IN';
export const COUNTRY_CODE_UK = 'GB';
export const CHAT_REGIONS = ['in', 'au', 'nz', 'gb'] as const;

/** One-time sign-in codes: how long they live and how often they may be asked for and tried. */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_SECONDS = 10 * 60;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
export const LOGIN_CODE_MAX_REQUESTS_PER_WINDOW = 5;
export const LOGIN_CODE_REQUEST_WINDOW_SECONDS = 15 * 60;

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const EMAIL_MAX_LENGTH = 50;
export const EMAIL_MIN_LENGTH = 3;

/**
 * Article feedback from visitors who are not signed in: at most this many helpful / not-helpful votes per article
 * from one client address per day (UTC), counted in the database so it holds across instances; more are answered
 * SUCCESS and have no effect (docs/kb-feedback.md). Signed-in users have one vote per account.
 */
export const KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY = 3;
