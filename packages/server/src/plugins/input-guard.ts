import { coded } from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * NUL, which PostgreSQL text cannot hold (it fails the query), and lone UTF-16 surrogates, which SQLite stores as
 * invalid text. Written without the `u` flag on purpose: with it a lone surrogate would not match.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string anywhere in value (keys included) holds a character no database can store. */
export function hasUnstorableText(value: unknown): boolean {
  // A loop with its own stack, so a deeply nested JSON body cannot overflow the call stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return true;
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (UNSTORABLE.test(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Refuses such text at the edge, for every route and every string of the path, query and JSON body, with a 400
 * before validation or any query runs (multipart fields are checked where they are read, with hasUnstorableText).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body)) {
      done(new AppError('VALIDATION_FAILED', coded('unstorableText')));
      return;
    }
    done();
  });
}
