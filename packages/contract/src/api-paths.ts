/** API paths, exactly as the spec names them where it names them (core.md §7). */
export const apiPaths = {
  health: '/api/health',
  docs: '/api/docs',
  session: '/api/auth/session',
  demoAccounts: '/api/auth/demo_accounts',
  demoLogin: '/api/auth/demo_login',
  loginCodeRequest: '/api/auth/login_code',
  loginCodeVerify: '/api/auth/login_code/verify',
  appSession: '/api/auth/app_session',
  logout: '/api/auth/logout',
  userInfo: '/api/users/v1/get_user_info',
  selectDetails: '/api/users/v1/get_select_details',
  preferredLanguage: '/api/users/v1/get_preferred_language',
  updatePreferredLanguage: '/api/users/v1/update_preferred_language',
  localisedStrings: '/api/localisation/get_localised_strings',
  addTrack: '/user_tracking/add_track',
} as const;

export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'ss_session';
export const VISITOR_COOKIE = 'ss_visitor';

/**
 * POST /self_serve/do_kyc: a real HTML form post (multipart) that navigates away — for KYC categories
 * and for choosing the wallet as refund destination (guided-flows.md §2, §4). Its fields are kycFormSchema's
 * (one-touch-api.ts), plus `_csrf` (a form cannot send our header; the server checks this field instead).
 */
export const KYC_FORM_PATH = '/self_serve/do_kyc';
export const KYC_CSRF_FIELD = '_csrf';
