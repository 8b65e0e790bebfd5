import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  type ContentProblem,
  type ContentWarning,
  loadContentFolder,
  loadTranslations,
  type TranslationNode,
  translationsFolderOf,
} from './content.ts';
import {
  bumpKbVersion,
  deleteArticles,
  deleteTranslations,
  forgetKbVersion,
  listHashes,
  listTranslations,
  storedSynonyms,
  storeSynonyms,
  upsertArticles,
  upsertTranslations,
} from './repo.ts';
import { loadSynonymsFile } from './synonyms.ts';

export interface IndexReport {
  index: string;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface TranslationReport {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export type ImportResult =
  | {
      ok: true;
      indexes: IndexReport[];
      translations: TranslationReport;
      warnings: ContentWarning[];
      /** entries of the synonym table when the import changed it (content/kb/synonyms.yml) */
      synonymsChanged?: number;
    }
  | { ok: false; problems: ContentProblem[] };

/**
 * Imports a content folder in one transaction: new and changed nodes are written, nodes of the
 * imported indexes that no longer have a file are removed, everything else is left as it is, so a
 * second run of the same folder changes nothing. One bad file and nothing is imported.
 */
export async function importKnowledgeBase(
  db: Kysely<Database>,
  folder: string,
  opts: { dryRun?: boolean; translations?: string } = {},
): Promise<ImportResult> {
  const content = loadContentFolder(folder);
  if (content.problems.length > 0) return { ok: false, problems: content.problems };
  // Translations (content/kb-i18n beside content/kb): checked with the English nodes; one bad file and nothing is
  // imported. Without the folder, stored translations are left as they are.
  const i18nFolder = opts.translations ?? translationsFolderOf(folder);
  const i18n =
    fs.existsSync(i18nFolder) && fs.statSync(i18nFolder).isDirectory()
      ? loadTranslations(i18nFolder, content.nodes)
      : null;
  if (i18n && i18n.problems.length > 0) return { ok: false, problems: i18n.problems };
  // The synonym table (synonyms.yml beside the indexes): without the file, the stored table is left as it is.
  const synonymFile = loadSynonymsFile(folder);
  if (synonymFile.problems.length > 0) return { ok: false, problems: synonymFile.problems };
  const synonyms = synonymFile.synonyms;
  const synonymsChanged = synonyms !== null && JSON.stringify(synonyms) !== JSON.stringify(await storedSynonyms(db));

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

  const translations = i18n ? await translationChanges(db, content.indexes, i18n.translations) : null;
  const translationReport = translations?.report ?? { added: 0, updated: 0, unchanged: 0, removed: 0 };
  const translationsChanged = translationReport.added + translationReport.updated + translationReport.removed > 0;

  if (!opts.dryRun && (changed.length > 0 || removed.length > 0 || translationsChanged || synonymsChanged)) {
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      // An id may move between indexes: it is rewritten in place, never duplicated.
      await deleteArticles(trx, removed);
      await upsertArticles(trx, changed, now);
      if (translations) {
        await deleteTranslations(trx, translations.removed);
        await upsertTranslations(trx, translations.changed);
      }
      if (synonyms && synonymsChanged) await storeSynonyms(trx, synonyms);
      // Every cache (the search index and translations too) keys on the knowledge-base version.
      await bumpKbVersion(trx, now);
    });
    forgetKbVersion(db);
  }
  const warnings = [...content.warnings, ...(i18n?.warnings ?? [])];
  return {
    ok: true,
    indexes: [...reports.values()],
    translations: translationReport,
    warnings,
    ...(synonyms && synonymsChanged ? { synonymsChanged: Object.keys(synonyms).length } : {}),
  };
}

/** What an import changes in the translations of its indexes: new and edited ones, and those without a file. */
async function translationChanges(db: Kysely<Database>, indexes: string[], incoming: TranslationNode[]) {
  const key = (t: { article_id: string; locale: string }) => `${t.locale}/${t.article_id}`;
  const stored = new Map((await listTranslations(db, indexes)).map((t) => [key(t), t]));
  const report: TranslationReport = { added: 0, updated: 0, unchanged: 0, removed: 0 };
  const changed: { article_id: string; locale: string; title: string; body_html: string; source?: string }[] = [];
  for (const t of incoming) {
    const prior = stored.get(key(t));
    stored.delete(key(t));
    if (prior && prior.title === t.title && prior.body_html === t.body_html) {
      report.unchanged++;
      continue;
    }
    if (prior) report.updated++;
    else report.added++;
    changed.push({
      article_id: t.article_id,
      locale: t.locale,
      title: t.title,
      body_html: t.body_html,
      ...(t.source ? { source: t.source } : {}),
    });
  }
  const removed = [...stored.values()].map((t) => ({ article_id: t.article_id, locale: t.locale }));
  report.removed = removed.length;
  return { report, changed, removed };
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
  const t = result.translations;
  if (t.added + t.updated + t.unchanged + t.removed > 0) {
    lines.push(
      `  ${'translations'.padEnd(22)} added ${t.added}, updated ${t.updated}, unchanged ${t.unchanged}, removed ${t.removed}`,
    );
  }
  if (result.synonymsChanged !== undefined) {
    lines.push(`  ${'synonyms'.padEnd(22)} table changed, ${result.synonymsChanged} entries`);
  }
  const total = result.indexes.reduce(
    (n, r) => n + r.added + r.updated + r.removed,
    t.added + t.updated + t.removed + (result.synonymsChanged !== undefined ? 1 : 0),
  );
  // Imported all the same; each warning names the file and line to fix.
  const warnings = result.warnings.length;
  if (warnings > 0) {
    lines.push(
      `Warning: ${warnings} bold line(s) used as a heading (write "## Heading"; docs/kb-content.md):`,
      ...result.warnings.map((w) => `  ${w.file}:${w.line}: ${w.reason}`),
    );
  }
  return [
    `Knowledge base: ${total === 0 ? 'no changes' : `${total} change(s)`}${warnings > 0 ? `, ${warnings} warning(s)` : ''}`,
    ...lines,
  ].join('\n');
}

/** Imports the demo content when the knowledge base is empty (first start); null when it was not. */
export async function seedKnowledgeBase(db: Kysely<Database>, folder: string): Promise<ImportResult | null> {
  const any = await db.selectFrom('articles').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const result = await importKnowledgeBase(db, folder);
  if (!result.ok) throw new Error(formatImportResult(result));
  return result;
}
