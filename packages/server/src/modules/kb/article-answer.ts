import {
  articleFeedbackCountsSchema,
  coded,
  kbArticleResponseSchema,
  kbPaths,
  SELECT_INDEX,
} from '@selfserve/contract';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { answerText, keptAnswer } from '../../lib/kept-bytes.ts';
import { writerOf } from '../../plugins/serializer.ts';
import { cachedFeedbackCounts, kbVersion } from './repo.ts';
import { articleById, type KbViewer, viewerKind } from './service.ts';

/**
 * The article fetch's answers as written on the wire (docs/performance.md "Article answers and the bookings page"):
 * building an article (its tree, related list, translation, summaries) and writing it with fast-json-stringify was
 * most of the route's own time, and every reader of one article in one language, of one kind (viewerKind: the seven
 * audience flags), gets the same bytes, `feedback` apart. So each answer is written once per knowledge-base version
 * and key, by the route's own compiled serialiser, and kept as bytes; per request only these stay:
 * - the index filter (`index_name`) and the Select index's member rule, checked against the article's index here as
 *   articleById checks them (the audience rules are the key's: an answer is kept only after they let its kind in);
 * - `feedback`, last in the answer: the counts come from cachedFeedbackCounts on every request (a vote shows at once
 *   on this instance, within a second on the others) and are written in place of the ones the bytes were made with
 *   whenever they differ.
 * Emptied when the knowledge-base version changes (an import shows within a second on every instance), at most
 * ANSWER_CACHE_SIZE answers (~2 KB each for the bench's articles), least recently used first out.
 */
const ANSWER_CACHE_SIZE = 10_000;

interface WrittenAnswer {
  /** the article's index (the per-request index filter and Select rule read it) */
  index: string;
  /** the whole answer, with `counts` written in it, compressed (lib/kept-bytes.ts) */
  bytes: Buffer;
  /** where `feedback`'s value starts in the answer's text */
  feedbackAt: number;
  /** the counts object `bytes` was written with (cachedFeedbackCounts gives the same object until they change) */
  counts: { helpful: number; total: number };
}

const answers = { version: '', entries: new Map<string, WrittenAnswer>() };

const writeAnswer = writerOf(kbArticleResponseSchema);
const writeCounts = writerOf(articleFeedbackCountsSchema);
/** What closes the answer after `feedback`'s value: the article object, then the answer object. */
const CLOSING = '}}';

function notFound() {
  return new AppError('NOT_FOUND', coded('articleNotFound'));
}

/**
 * The written answer of GET kbPaths.articles, byte for byte what the route's serialiser writes for
 * `{ status: 'SUCCESS', data: articleById(…) }`. `validate` (tests): the answer is first checked against its
 * schema, as the serialiser does for every other answer (plugins/serializer.ts).
 */
export async function articleAnswer(
  db: Kysely<Database>,
  id: string,
  indexes: string[] | null,
  kv: KbViewer,
  withRelated: boolean,
  validate: boolean,
): Promise<Buffer> {
  const version = await kbVersion(db);
  if (answers.version !== version) {
    answers.version = version;
    answers.entries.clear();
  }
  const key = `${withRelated ? 'r' : 'n'}${viewerKind(kv.viewer)}/${kv.language}/${id}`;
  const known = answers.entries.get(key);
  if (!known) return written(db, key, version, id, indexes, kv, withRelated, validate);
  // Least recently used goes first: a hit moves to the end.
  answers.entries.delete(key);
  answers.entries.set(key, known);
  if ((indexes && !indexes.includes(known.index)) || (known.index === SELECT_INDEX && !kv.viewer.isMember)) {
    throw notFound();
  }
  const counts = await cachedFeedbackCounts(db, id);
  if (counts !== known.counts) {
    // A vote changed them: the answer is written again with the new counts (rare next to the reads).
    known.bytes = keptAnswer(`${answerText(known.bytes).slice(0, known.feedbackAt)}${writeCounts(counts)}${CLOSING}`);
    known.counts = counts;
  }
  return known.bytes;
}

/** An answer not kept yet: made by articleById (which applies every rule), written, and kept for its key. */
async function written(
  db: Kysely<Database>,
  key: string,
  version: string,
  id: string,
  indexes: string[] | null,
  kv: KbViewer,
  withRelated: boolean,
  validate: boolean,
): Promise<Buffer> {
  const data = await articleById(db, id, indexes, kv, withRelated, version);
  const answer = { status: 'SUCCESS' as const, data };
  if (validate) {
    const checked = kbArticleResponseSchema.safeParse(answer);
    if (!checked.success) throw new ResponseSerializationError('GET', kbPaths.articles, { cause: checked.error });
  }
  const text = writeAnswer(answer);
  const bytes = keptAnswer(text);
  const tail = `${writeCounts(data.feedback)}${CLOSING}`;
  // Kept only when `feedback` is where it is expected (last), so the counts can be written in its place.
  if (text.endsWith(`"feedback":${tail}`) && answers.version === version) {
    answers.entries.set(key, {
      index: data.index_name,
      bytes,
      feedbackAt: text.length - tail.length,
      counts: data.feedback,
    });
    if (answers.entries.size > ANSWER_CACHE_SIZE) answers.entries.delete(answers.entries.keys().next().value as string);
  }
  return bytes;
}
