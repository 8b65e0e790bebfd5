import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type ContentProblem, loadContentFolder } from './content.ts';
import { deleteArticles, forgetKbVersion, listHashes, rebuildTerms, upsertArticles } from './repo.ts';

export interface IndexReport {
  index: string;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export type ImportResult = { ok: true; indexes: IndexReport[] } | { ok: false; problems: ContentProblem[] };

/**
 * Imports a content folder in one transaction: new and changed nodes are written, nodes of the
 * imported indexes that no longer have a file are removed, everything else is left as it is, so a
 * second run of the same folder changes nothing. One bad file and nothing is imported.
 */
export async function importKnowledgeBase(
  db: Kysely<Database>,
  dialect: DialectName,
  folder: string,
  opts: { dryRun?: boolean } = {},
): Promise<ImportResult> {
  const content = loadContentFolder(folder);
  if (content.problems.length > 0) return { ok: false, problems: content.problems };

  const existing = await listHashes(db, content.indexes);
  const known = new Map(existing.map((r) => [r.id, r]));
  const incoming = new Set(content.nodes.map((n) => n.id));
  const changed = content.nodes.filter((n) => known.get(n.id)?.content_hash !== n.content_hash);
  const removed = existing.filter((r) => !incoming.has(r.id)).map((r) => r.id);

  const reports = new Map<string, IndexReport>(
    content.indexes.map((index) => [index, { index, added: 0, updated: 0, unchanged: 0, removed: 0 }]),
  );
  const report = (index: string) => reports.get(index) as IndexReport;
  for (const n of content.nodes) {
    const prior = known.get(n.id);
    if (!prior) report(n.index_name).added++;
    else if (prior.content_hash !== n.content_hash) report(n.index_name).updated++;
    else report(n.index_name).unchanged++;
  }
  for (const r of existing) if (!incoming.has(r.id)) report(r.index_name).removed++;

  if (!opts.dryRun && (changed.length > 0 || removed.length > 0)) {
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      // An id may move between indexes: it is rewritten in place, never duplicated.
      await deleteArticles(trx, dialect, removed);
      await upsertArticles(trx, dialect, changed, now);
      await rebuildTerms(trx, now);
    });
    forgetKbVersion(db);
  }
  return { ok: true, indexes: [...reports.values()] };
}

export function formatImportResult(result: ImportResult): string {
  if (!result.ok) {
    return [
      `Import refused: ${result.problems.length} problem(s), nothing was imported.`,
      ...result.problems.map((p) => `  ${p.file}: ${p.reason}`),
    ].join('\n');
  }
  const lines = result.indexes.map(
    (r) =>
      `  ${r.index.padEnd(22)} added ${r.added}, updated ${r.updated}, unchanged ${r.unchanged}, removed ${r.removed}`,
  );
  const total = result.indexes.reduce((n, r) => n + r.added + r.updated + r.removed, 0);
  return [`Knowledge base: ${total === 0 ? 'no changes' : `${total} change(s)`}`, ...lines].join('\n');
}

/** Imports the demo content when the knowledge base is empty (first start); null when it was not. */
export async function seedKnowledgeBase(
  db: Kysely<Database>,
  dialect: DialectName,
  folder: string,
): Promise<ImportResult | null> {
  const any = await db.selectFrom('articles').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const result = await importKnowledgeBase(db, dialect, folder);
  if (!result.ok) throw new Error(formatImportResult(result));
  return result;
}
