/**
 * The self-hosted captcha (docs/captcha.md): a proof-of-work challenge (ALTCHA) signed by the server, solved by the
 * visitor's browser, sent with a visitor's form as `captcha` and accepted once, before it expires.
 */
import { z } from 'zod';
import { says } from './messages.ts';

/** The payload field every visitor form sends its solved captcha in. */
export const CAPTCHA_FIELD = 'captcha';
/** guided-flows.md §9: the captcha is rendered after this delay. */
export const CAPTCHA_RENDER_DELAY_MS = 500;

export const captchaPaths = {
  /** GET: a new signed challenge for the widget */
  challenge: '/api/captcha/challenge',
} as const;

/** The solved captcha as the widget hands it over (base64 JSON); missing or malformed says the spec's message. */
export const captchaSchema = z
  .string(says('captchaInvalid'))
  .min(1, says('captchaInvalid'))
  .max(4000, says('captchaInvalid'));
