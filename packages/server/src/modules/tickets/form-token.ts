import { FORM_TOKEN_TTL_SECONDS } from '@selfserve/contract';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';

/** `issuedAt.nonce.signature`: valid for FORM_TOKEN_TTL_SECONDS on any instance sharing the secret. */
export function issueFormToken(secret: string, now = Date.now()): string {
  const body = `${Math.floor(now / 1000)}.${randomToken(12)}`;
  return `${body}.${hmac(secret, `form-token:${body}`)}`;
}

export function validFormToken(secret: string, token: string, now = Date.now()): boolean {
  const [issued, nonce, sig] = token.split('.');
  if (!issued || !nonce || !sig || !safeEqual(sig, hmac(secret, `form-token:${issued}.${nonce}`))) return false;
  const age = Math.floor(now / 1000) - Number(issued);
  return age >= 0 && age <= FORM_TOKEN_TTL_SECONDS;
}
