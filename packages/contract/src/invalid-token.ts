// Zod-free and tiny: the web app's API client reads it for every call.

/**
 * A 404 whose message says 'Invalid token' (core.md §8): the host app's sign-in token behind this page is no longer
 * valid, so the page reloads its deep link and the host signs it in again. Looked for in the answer's message, its
 * error's message or code, and a bare string error, whichever the server sent.
 */
export function isInvalidTokenAnswer(httpStatus: number, body: unknown): boolean {
  if (httpStatus !== 404 || typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  const error = b.error;
  const texts: unknown[] = [b.message, error];
  if (typeof error === 'object' && error !== null) {
    const e = error as Record<string, unknown>;
    texts.push(e.message, e.code);
  }
  return texts.some((t) => typeof t === 'string' && /invalid token/i.test(t));
}
