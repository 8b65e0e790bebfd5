/** A random version-4 UUID; getRandomValues works on plain-http pages too, where randomUUID is missing. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One submit: its idempotency key and what it sent. */
export interface SubmitAttempt {
  key: string;
  signature: string;
}

/**
 * The key for a submit (docs/tickets.md "Exactly once"): sending exactly what the last submit sent is a retry
 * of it and reuses its key, so the server answers with the ticket it may already have made; anything edited
 * is a new submit with a new key.
 */
export function attemptFor(
  last: SubmitAttempt | null,
  payload: unknown,
  makeKey: () => string = newIdempotencyKey,
): SubmitAttempt {
  const signature = JSON.stringify(payload);
  return last && last.signature === signature ? last : { key: makeKey(), signature };
}
