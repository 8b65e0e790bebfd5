// The peers the API is compared with, each a bare Fastify in its own process (bench/run.ts starts them):
//   minisearch <content dir>            MiniSearch over the same synthetic articles: prefix + 1-typo fuzzy, AND
//   bare <articles.json> <pages.json>   the article JSON from a Map, a bookings page from memory
// Listens on PORT and prints "listening" once it answers. With --expose-gc, SIGUSR2 runs a full GC (the memory figures).
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import MiniSearch from 'minisearch';

const [mode, a, b] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) process.on('SIGUSR2', () => gc());

/** title and body of a synthetic article file (front matter + text). */
function readArticle(file: string): { id: string; title: string; text: string } | null {
  const raw = fs.readFileSync(file, 'utf8');
  const end = raw.indexOf('\n---\n', 4);
  const head = raw.slice(4, end);
  if (!/\ntype: article\n/.test(`\n${head}\n`)) return null;
  const field = (name: string) => head.match(new RegExp(`^${name}: "?([^"\\n]*)"?$`, 'm'))?.[1] ?? '';
  return { id: field('id'), title: field('title'), text: raw.slice(end + 5) };
}

async function main() {
  const app = Fastify();
  if (mode === 'minisearch') {
    const folder = path.join(a as string, 'customer');
    const search = new MiniSearch<{ id: string; title: string; text: string }>({
      fields: ['title', 'text'],
      storeFields: ['title'],
      searchOptions: { prefix: true, fuzzy: 1, combineWith: 'AND', boost: { title: 2 } },
    });
    for (const name of fs.readdirSync(folder)) {
      const article = readArticle(path.join(folder, name));
      if (article) search.add(article);
    }
    app.get<{ Querystring: { query?: string; limit?: string } }>('/search', async (request) => {
      const limit = Number(request.query.limit ?? 20);
      const hits = search.search(request.query.query ?? '').slice(0, limit);
      return { status: 'SUCCESS', data: hits.map((h) => ({ id: h.id, title: h.title, score: h.score })) };
    });
  } else if (mode === 'bare') {
    const articles = new Map<string, unknown>(Object.entries(JSON.parse(fs.readFileSync(a as string, 'utf8'))));
    const pages = new Map<string, unknown>(Object.entries(JSON.parse(fs.readFileSync(b as string, 'utf8'))));
    app.get<{ Querystring: { id?: string } }>('/article', async (request, reply) => {
      const article = articles.get(request.query.id ?? '');
      return article ?? reply.code(404).send({ status: 'FAILURE' });
    });
    app.get<{ Querystring: { page_no?: string } }>('/bookings', async (request, reply) => {
      const page = pages.get(request.query.page_no ?? '1');
      return page ?? reply.code(404).send({ status: 'FAILURE' });
    });
  } else {
    throw new Error('usage: peer.ts minisearch <content dir> | bare <articles.json> <pages.json>');
  }
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  console.log('listening');
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
