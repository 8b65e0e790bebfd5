import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';

const nodeRequire = createRequire(import.meta.url);

/**
 * A Redis connection. ioredis is loaded by the first one, not at start: without REDIS_URL a process never connects,
 * and the package is ~5 MB of its memory at rest (docs/performance.md "Modules loaded on first use"). A synchronous
 * require (ioredis is CommonJS) keeps the callers synchronous; the bundle leaves npm packages external.
 */
export function newRedis(url: string, options: IORedis.RedisOptions): IORedis.Redis {
  const { Redis } = nodeRequire('ioredis') as typeof IORedis;
  return new Redis(url, options);
}
