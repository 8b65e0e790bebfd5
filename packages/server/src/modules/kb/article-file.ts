import fs from 'node:fs';
import path from 'node:path';
import { articleSlug } from '@selfserve/contract';
import { marked } from 'marked';
import { stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import type { ArticleRow } from '../../db/schema.ts';
import { readFrontMatter, sanitizeArticleHtml } from './content.ts';

/**
 * An article as a content file (docs/kb-content.md), the form the agent console edits and `npm run kb:export`
 * writes back: front matter and Markdown. A row stored before its file was kept (source '') is rebuilt from its
 * columns, with its sanitised HTML as the body (Markdown takes HTML as it is).
 */

const anyFrontMatter = z.record(z.string(), z.unknown());

/** A file's front matter (unchecked: the importer's rules check the whole file) and Markdown body. */
export function splitFile(source: string): { frontMatter: Record<string, unknown>; markdown: string } | null {
  const read = readFrontMatter('article', source, anyFrontMatter);
  return 'reason' in read ? null : { frontMatter: read.data, markdown: read.markdown };
}

/** Front matter and a Markdown body as a content file; empty lists and objects are left out, as authors write them. */
export function composeFile(frontMatter: Record<string, unknown>, markdown: string): string {
  const kept = Object.fromEntries(
    Object.entries(frontMatter).filter(([, v]) => {
      if (v === undefined || v === null) return false;
      if (Array.isArray(v)) return v.length > 0;
      if (typeof v === 'object') return Object.keys(v as object).length > 0;
      return true;
    }),
  );
  return `---\n${stringifyYaml(kept, { lineWidth: 0 }).trimEnd()}\n---\n${markdown.trim()}\n`;
}

const json = (text: string): unknown => JSON.parse(text);

/** The file of a stored article: as imported or published, else rebuilt from its columns. */
export function articleFileOf(row: ArticleRow): string {
  if (row.source) return row.source;
  return composeFile(
    {
      id: row.id,
      index: row.index_name,
      type: row.type,
      parent: row.parent_id ?? undefined,
      position: row.position,
      title: row.title,
      labels: json(row.labels),
      tags: json(row.label_names),
      contexts: json(row.contexts),
      options: json(row.options),
      related: json(row.related),
      side_load: json(row.side_load),
      response: json(row.response),
      updated: row.updated_on ?? undefined,
    },
    row.body_html,
  );
}

/** The file of a stored translation. */
export function translationFileOf(articleId: string, row: { title: string; body_html: string; source: string }) {
  return row.source || composeFile({ id: articleId, title: row.title }, row.body_html);
}

/** What readers would get from a Markdown body: the importer's conversion and sanitising. */
export function previewHtml(markdown: string): string {
  return sanitizeArticleHtml(marked.parse(markdown, { async: false }));
}

/**
 * Where an article's file lives under a content folder (content/kb): its existing file (any name starting with its id,
 * in its index folder), or `<index>/<id>-<slug>.md` for a new one.
 */
export function articleFilePath(folder: string, index: string, id: string, title: string): string {
  const dir = path.join(folder, index);
  const existing = fs.existsSync(dir)
    ? fs.readdirSync(dir).find((name) => name === `${id}.md` || name.startsWith(`${id}-`))
    : undefined;
  const slug = articleSlug(title);
  return path.join(dir, existing ?? `${id}${slug ? `-${slug}` : ''}.md`);
}
