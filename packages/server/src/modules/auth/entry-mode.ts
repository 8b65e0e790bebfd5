// The entry mode of a request (core.md §1, §2; docs/embedding.md): the session's when signed in, else the visit's.
import { ENTRY_MODE_COOKIE, type EntryMode, entryModeFromQuery, entryModeSchema } from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The mode a visitor's visit has: `?entry_mode=` / `?source=` of this request, else the visit cookie, else null. */
export function visitEntryMode(request: FastifyRequest): EntryMode | null {
  const fromQuery = entryModeFromQuery(queryOf(request));
  if (fromQuery) return fromQuery;
  // Only a mode a visitor may claim is read back, whatever the cookie says.
  return entryModeFromQuery({ entry_mode: request.cookies[ENTRY_MODE_COOKIE] });
}

/** A session's mode as stored; one it does not name is the website's. Made once, not per request. */
const sessionEntryMode = entryModeSchema.catch('customer_website');

/** The request's entry mode: the signed-in session's (fixed at sign-in), else the visit's, else the website. */
export function entryModeOf(request: FastifyRequest): EntryMode {
  if (request.session) return sessionEntryMode.parse(request.session.entryMode);
  return visitEntryMode(request) ?? 'customer_website';
}

/**
 * Keeps a visitor's query-named mode for the visit: a cookie without max-age (gone with the browser session),
 * httpOnly like the others — the page learns the mode from the session answer.
 */
export function rememberVisitEntryMode(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (request.session) return;
  const mode = entryModeFromQuery(queryOf(request));
  if (!mode || request.cookies[ENTRY_MODE_COOKIE] === mode) return;
  reply.setCookie(ENTRY_MODE_COOKIE, mode, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  request.cookies[ENTRY_MODE_COOKIE] = mode;
}

function queryOf(request: FastifyRequest): { entry_mode?: unknown; source?: unknown } {
  const q = request.query;
  return typeof q === 'object' && q !== null ? (q as { entry_mode?: unknown; source?: unknown }) : {};
}
