import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from './accept-encoding.ts';

/**
 * Answers a cache keeps for long (search results, article answers), gzip-compressed in an allocation of their own
 * (docs/performance.md "Kept answers compressed"):
 * - compressed, because they were most of the server's memory after a load (~3.8× smaller for search results, ~3×
 *   for articles), and a browser or the app's WebView, which all accept gzip, is sent them as they are: a quarter of
 *   the bytes on a phone's network and nothing to compress per request. A client that does not accept gzip gets
 *   them decompressed.
 * - in an allocation of their own, because `Buffer.from` and zlib's results are slices of larger shared buffers, and a
 *   kept slice would hold the whole buffer in memory.
 */
export function keptAnswer(text: string): Buffer {
  const packed = zlib.gzipSync(text, { level: 6 });
  const own = Buffer.allocUnsafeSlow(packed.length);
  packed.copy(own);
  return own;
}

/** Whether bytes are a kept answer (gzip's magic number) rather than JSON, which never starts with 0x1f. */
function isKept(bytes: Buffer): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The text of a kept answer, or of JSON bytes not kept. */
export function answerText(bytes: Buffer): string {
  return (isKept(bytes) ? zlib.gunzipSync(bytes) : bytes).toString();
}

/**
 * Sends an answer as JSON: a kept one compressed to a client that accepts gzip, else decompressed; JSON bytes not
 * kept (a search asked once) as they are.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, bytes: Buffer): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!isKept(bytes)) return reply.send(bytes);
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(bytes);
  return reply.send(zlib.gunzipSync(bytes));
}
