import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { articleFilePath, translationFileOf } from './article-file.ts';
import { translationsFolderOf } from './content.ts';

export interface ExportFile {
  /** absolute path under the content folder (or its -i18n sibling) */
  path: string;
  content: string;
}

/**
 * The files of what was published in the agent console (docs/agent.md "Articles"), so the content folder stays the
 * source `npm run kb:import` seeds from. Only rows that carry their file are exported (imported or published since
 * migration 0044); a row imported before keeps its file as it is. `ids` narrows it to some articles.
 */
export async function publishedFiles(db: Kysely<Database>, folder: string, ids?: string[]): Promise<ExportFile[]> {
  let articles = db.selectFrom('articles').select(['id', 'index_name', 'title', 'source']).where('source', '!=', '');
  if (ids) articles = articles.where('id', 'in', ids.length > 0 ? ids : ['']);
  const files: ExportFile[] = [];
  const byId = new Map<string, { index_name: string; title: string }>();
  for (const a of await articles.execute()) {
    byId.set(a.id, a);
    files.push({ path: articleFilePath(folder, a.index_name, a.id, a.title), content: a.source });
  }
  if (byId.size > 0) {
    const translations = await db
      .selectFrom('article_translations')
      .select(['article_id', 'locale', 'title', 'body_html', 'source'])
      .where('source', '!=', '')
      .where('article_id', 'in', [...byId.keys()])
      .execute();
    const i18n = translationsFolderOf(folder);
    for (const t of translations) {
      const article = byId.get(t.article_id);
      if (!article) continue;
      files.push({
        path: articleFilePath(path.join(i18n, t.locale), article.index_name, t.article_id, article.title),
        content: translationFileOf(t.article_id, t),
      });
    }
  }
  return files;
}

/** Files of articles taken away from readers in the console: an export removes them, as an import would then. */
async function unpublishedFiles(db: Kysely<Database>, folder: string): Promise<string[]> {
  const rows = await db
    .selectFrom('article_drafts')
    .select(['article_id', 'locale', 'index_name', 'title'])
    .where('state', '=', 'unpublished')
    .execute();
  const i18n = translationsFolderOf(folder);
  return rows
    .map((r) =>
      articleFilePath(r.locale === 'en' ? folder : path.join(i18n, r.locale), r.index_name, r.article_id, r.title),
    )
    .filter((file) => fs.existsSync(file));
}

/** Writes the published files that differ from the folder's and removes unpublished ones; reports each. */
export async function exportKnowledgeBase(db: Kysely<Database>, folder: string) {
  const written: string[] = [];
  let unchanged = 0;
  for (const file of await publishedFiles(db, folder)) {
    if (fs.existsSync(file.path) && fs.readFileSync(file.path, 'utf8') === file.content) {
      unchanged++;
      continue;
    }
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    fs.writeFileSync(file.path, file.content);
    written.push(file.path);
  }
  const removed = await unpublishedFiles(db, folder);
  for (const file of removed) fs.rmSync(file);
  return { written, removed, unchanged };
}
