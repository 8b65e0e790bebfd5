/**
 * Masking of personal data in text that leaves the request: log lines (every one, docs/operations.md "Logs") and
 * free text before it is stored (card numbers only). Pure functions, no I/O.
 */

/** 13 to 19 digits, single spaces or dashes allowed between them (how people type a card number). */
const CARD_CANDIDATE = /(?<![\d\w])\d(?:[ -]?\d){12,18}(?![\d\w])/g;
/** +country code and 8 to 15 more digits (E.164, spaced or dashed); %2B is a + in a URL's query. */
const INTERNATIONAL_PHONE = /(?<![\w+])(?:\+|%2B)\d(?:[ -]?\d){7,14}(?![\w])/gi;
/**
 * An Indian mobile number without its +91: ten digits starting 6–9. A ten-digit reference starting so is masked
 * too in logs (better a masked reference than a logged number); the demo's CRNs start with 5.
 */
const NATIONAL_MOBILE = /(?<![\w+%])[6-9]\d{9}(?![\w])/g;
/** An address, also URL-encoded (%40) as it appears in a logged query string. */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/gi;

/** Luhn mod-10 over a string of digits (the check every card number passes). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A payment card number: 13–19 digits, a card network's first digit (2–6: Mastercard 2/5, Amex/Diners/JCB 3,
 * Visa 4, Discover/RuPay 6) and a valid Luhn check digit.
 */
export function looksLikeCardNumber(candidate: string): boolean {
  const digits = candidate.replace(/[ -]/g, '');
  return digits.length >= 13 && digits.length <= 19 && /^[2-6]/.test(digits) && luhnValid(digits);
}

/** Every digit but the last four becomes `*`, separators kept: `4111 1111 1111 1111` → `**** **** **** 1111`. */
function maskAllButLast(value: string, keep: number): string {
  let seen = 0;
  const total = value.replace(/\D/g, '').length;
  return value.replace(/\d/g, (d) => (++seen > total - keep ? d : '*'));
}

/** Card numbers in a text, masked to their last four digits (PCI DSS allows those to be shown). */
export function maskCardNumbers(text: string): string {
  if (!/\d{4}/.test(text.replace(/[ -]/g, ''))) return text;
  return text.replace(CARD_CANDIDATE, (m) => (looksLikeCardNumber(m) ? maskAllButLast(m, 4) : m));
}

/** E-mail addresses, phone numbers and card numbers in a text, masked: `r***@example.in`, `+*********01`. */
export function maskPersonalData(text: string): string {
  let out = maskCardNumbers(text);
  out = out.replace(INTERNATIONAL_PHONE, (m) => maskAllButLast(m.replace(/^%2B/i, '+'), 2));
  out = out.replace(NATIONAL_MOBILE, (m) => maskAllButLast(m, 2));
  out = out.replace(EMAIL, (m, domain: string) => `${m[0]}***@${domain}`);
  return out;
}

/** A quoted JSON string (escapes included): only values and keys are masked, never the line's numbers (time, pid). */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;
/** Cheap first look: text with no run of digits (spaced or not) and no @ has nothing to mask. */
const MAYBE_PERSONAL = /\d(?:[ -]?\d){5}|@|%40/i;

/** One serialised log line with every string in it masked (pino's streamWrite hook). */
export function maskLogLine(line: string): string {
  if (!MAYBE_PERSONAL.test(line)) return line;
  return line.replace(JSON_STRING, (s) => (MAYBE_PERSONAL.test(s) ? maskPersonalData(s) : s));
}

/**
 * Card numbers in every free-text string of a parsed body, masked in place before validation and storage.
 * A string that is only digits is left alone: it is a reference (a CRN passes the same Luhn check, docs/crn.md),
 * not free text. Keys are never changed.
 */
export function maskCardNumbersIn(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item = v[i];
        if (typeof item === 'string') v[i] = maskFreeText(item);
        else if (item !== null && typeof item === 'object') stack.push(item);
      }
    } else if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      for (const [key, item] of Object.entries(record)) {
        if (typeof item === 'string') record[key] = maskFreeText(item);
        else if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
  }
}

function maskFreeText(value: string): string {
  // A string of digits alone is a reference (a CRN passes the Luhn check too); one word of letters, digits, '-' and '_'
  // with a letter in it is an identifier (an idempotency or client key, a UUID, a token): neither is free text, and
  // rewriting a key would make a retry look like a new request, or fail its format.
  if (/^\s*\d+\s*$/.test(value) || (/^[\w-]+$/.test(value) && /[A-Za-z]/.test(value))) return value;
  return maskCardNumbers(value);
}
