import { FORM_TOKEN_TTL_SECONDS } from '@selfserve/contract';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';

/** A form token that checked out: its nonce (used once, form_token_uses) and when it stops being valid. */
export interface FormToken {
  nonce: string;
  expiresAt: Date;
}

// The visitor (the ss_visitor cookie) is signed into the token but not written in it: a token taken from one
// browser is worth nothing in another, and the token does not reveal the cookie.
const signed = (secret: string, body: string, visitor: string) => hmac(secret, `form-token:${body}:${visitor}`);

/**
 * `issuedAt.nonce.signature`, bound to the visitor it was issued to: valid for FORM_TOKEN_TTL_SECONDS on any
 * instance sharing the secret, presented by the same visitor, once (the route records the nonce when it saves).
 */
export function issueFormToken(secret: string, visitor: string, now = Date.now()): string {
  const body = `${Math.floor(now / 1000)}.${randomToken(12)}`;
  return `${body}.${signed(secret, body, visitor)}`;
}

/** The token if it is ours, issued to this visitor and fresh; null otherwise. Whether it was used is not checked here. */
export function readFormToken(
  secret: string,
  token: string,
  visitor: string | null | undefined,
  now = Date.now(),
): FormToken | null {
  if (!visitor) return null;
  const [issued, nonce, sig, extra] = token.split('.');
  if (!issued || !nonce || !sig || extra !== undefined || !/^\d{1,12}$/.test(issued)) return null;
  if (!safeEqual(sig, signed(secret, `${issued}.${nonce}`, visitor))) return null;
  const age = Math.floor(now / 1000) - Number(issued);
  if (age < 0 || age > FORM_TOKEN_TTL_SECONDS) return null;
  return { nonce, expiresAt: new Date((Number(issued) + FORM_TOKEN_TTL_SECONDS) * 1000) };
}

export function validFormToken(secret: string, token: string, visitor: string | null | undefined, now = Date.now()) {
  return readFormToken(secret, token, visitor, now) !== null;
}
