/**
 * Customer reference numbers (CRN). The spec only says a reference must be digits and pass
 * "the shared CRN check"; ours is the Luhn mod-10 check digit over 6 to 20 digits, so a typo in
 * any single digit or a swap of two neighbours is caught before we ask the server (docs/crn.md).
 */
export const CRN_MIN_LENGTH = 6;
export const CRN_MAX_LENGTH = 20;

/** What a feedback answer's `crn` (and the /{crn}/dreport/… address it comes from) may be: digits, no check asked. */
export const CRN_SHAPE = /^\d{1,20}$/;

export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // Double every second digit counting from the right of the payload (the check digit follows it).
    let d = payload.charCodeAt(payload.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidCrn(value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const crn = String(value);
  if (!/^\d+$/.test(crn) || crn.length < CRN_MIN_LENGTH || crn.length > CRN_MAX_LENGTH) return false;
  return luhnCheckDigit(crn.slice(0, -1)) === Number(crn.at(-1));
}

/** Appends the check digit to a numeric payload; used by the seed and by tests. */
export function withCrnCheckDigit(payload: string): string {
  return payload + String(luhnCheckDigit(payload));
}
