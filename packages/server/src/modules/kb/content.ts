import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  allIndexes,
  articleLabels,
  articleTags,
  articleTypeSchema,
  labelValueSchema,
  normalizeSearchText,
  oneTouchOptionSchema,
  supportedLocales,
} from '@selfserve/contract';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** Ids of the hidden elements whose text is a JSON block the flows read (guided-flows.md §3). */
export const EMBEDDED_BLOCK_IDS = ['refund-initiated', 'Csat', 'Feedback', 'driver_app_city_numbers'] as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Spec tags; `emergency_time:{x}` and `call_driver_expiry_time:{x}` take a number for {x}. */
const tagPattern = new RegExp(
  `^(?:${articleTags.map((t) => escapeRegExp(t).replace('\\{x\\}', '\\d{1,5}')).join('|')})$`,
);

const idSchema = z.string().regex(/^\d{1,12}$/, 'must be a string of digits');

/** A calendar day, YYYY-MM-DD, that exists and is not in the future (a bare YAML date may arrive as a Date). */
const updatedSchema = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
    }, 'is not a calendar date')
    .refine((d) => d <= new Date().toISOString().slice(0, 10), 'is in the future'),
);

/** The front matter of one content file (docs/kb-content.md). Unknown keys are errors. */
export const frontMatterSchema = z
  .object({
    id: idSchema,
    index: z.string().regex(/^[a-z0-9_]{2,40}$/),
    type: articleTypeSchema,
    parent: idSchema.optional(),
    position: z.number().int().min(0).max(10000).default(0),
    title: z.string().trim().min(1).max(150),
    labels: z
      .record(z.string(), labelValueSchema)
      .default({})
      .refine((l) => Object.keys(l).every((k) => (articleLabels as readonly string[]).includes(k)), {
        message: `labels must be among: ${articleLabels.join(', ')}`,
      }),
    tags: z.array(z.string().regex(tagPattern, 'is not a tag of the spec')).default([]),
    contexts: z.array(z.string().regex(/^[A-Za-z0-9_]{3,64}$/)).default([]),
    options: z.array(oneTouchOptionSchema.strict()).default([]),
    related: z.array(idSchema).default([]),
    side_load: z.record(z.string(), z.unknown()).default({}),
    response: z.record(z.string(), z.unknown()).default({}),
    /** The day the content last changed, shown as "Last updated" (YAML may read a bare date as a Date). */
    updated: updatedSchema.optional(),
  })
  .strict();

export interface ContentNode {
  id: string;
  index_name: string;
  type: 'category' | 'sub_category' | 'article';
  parent_id: string | null;
  position: number;
  title: string;
  body_html: string;
  body_text: string;
  /** the body's plain text as written (case and punctuation kept), for search snippets */
  body_plain: string;
  labels: Record<string, string | number | boolean>;
  label_names: string[];
  contexts: string[];
  options: z.infer<typeof oneTouchOptionSchema>[];
  related: string[];
  side_load: Record<string, unknown>;
  response: Record<string, unknown>;
  embedded: Record<string, unknown>;
  /** front matter `updated` (YYYY-MM-DD), or null */
  updated: string | null;
  content_hash: string;
  file: string;
  /** the file as written (front matter and Markdown): stored, so the agent console edits and exports what was written */
  source?: string;
}

export interface ContentProblem {
  file: string;
  reason: string;
}

/**
 * What article HTML may contain: text formatting, lists, tables, links and images. No scripts, no
 * styles, no event handlers, no javascript: or data: links — the body is shown as HTML to users.
 */
export const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'small',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'div',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    div: ['id', 'hidden', 'class'],
    span: ['class'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // Links leaving the help centre open safely in a new tab.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const blockPattern = new RegExp(`<div id="(${EMBEDDED_BLOCK_IDS.join('|')})"[^>]*>([\\s\\S]*?)</div>`, 'g');

/** Tags that end a line of text: their text is never glued to the next block's ("<li>one</li><li>two</li>"). */
const blockBoundary = /<\/?(?:p|br|hr|h[1-6]|li|ul|ol|table|thead|tbody|tr|th|td|div|blockquote|pre)\b[^>]*>/gi;

/** The text of HTML as a reader reads it: no markup, entities decoded, blocks and runs of white space one space. */
function plainTextOf(html: string): string {
  const text = decodeEntities(
    sanitizeHtml(html.replace(blockBoundary, ' '), { allowedTags: [], allowedAttributes: {} }),
  );
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Pulls the JSON blocks out of sanitised HTML; the text of the rest is the body's plain text as written (`plain`,
 * what search snippets show) and, normalised, its searchable text (`text`).
 */
export function readBody(html: string): {
  embedded: Record<string, unknown>;
  text: string;
  plain: string;
  bad: string | null;
} {
  const embedded: Record<string, unknown> = {};
  let bad: string | null = null;
  const withoutBlocks = html.replace(blockPattern, (_m, id: string, json: string) => {
    try {
      embedded[id] = JSON.parse(decodeEntities(json.trim()));
    } catch {
      bad ??= `embedded block "${id}" is not valid JSON`;
    }
    return ' ';
  });
  const plain = plainTextOf(withoutBlocks);
  return { embedded, text: normalizeSearchText(plain), plain, bad };
}

/** An article's plain text from its stored HTML (rows imported before body_plain existed). */
export function plainBodyOf(html: string): string {
  return readBody(html).plain;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Something in a content file that is imported but should be fixed: the file, its line (1-based) and why. */
export interface ContentWarning {
  file: string;
  line: number;
  reason: string;
}

/** A line that is only bold text (`**Paying cash?**`, `**Have ready:**`), the bold line writers use as a heading. */
const BOLD_LINE = /^\s{0,3}\*\*([^*]+?)\*\*\s*(:?)\s*$/;
/** A sentence (ends with . ! or the danda) is emphasis, not a heading: `**If you are in danger, call 112.**` */
const SENTENCE_END = /[.!।]$/;

/**
 * The bold lines of a content file used as headings: a paragraph of one bold line, not a sentence, with something
 * after it (a list, a table or more text). Answers each one's line in the file (1-based, front matter counted) and
 * its text. Lines in fenced code blocks are not read. docs/kb-content.md: write `## Heading` instead.
 */
export function boldLineHeadings(source: string): { line: number; text: string }[] {
  const lines = source.split(/\r?\n/);
  let start = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    start = end === -1 ? 0 : end + 1;
  }
  const found: { line: number; text: string }[] = [];
  let fenced = false;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const bold = BOLD_LINE.exec(line);
    if (!bold) continue;
    const text = `${(bold[1] ?? '').trim()}${bold[2] ?? ''}`;
    const before = i === start ? '' : (lines[i - 1] ?? '').trim();
    const after = lines.slice(i + 1).find((l) => l.trim() !== '');
    if (before !== '' || after === undefined || SENTENCE_END.test(text.replace(/:$/, ''))) continue;
    found.push({ line: i + 1, text });
  }
  return found;
}

/** The warnings of one content file (English or translated): its bold-line headings. */
export function contentWarnings(file: string, source: string): ContentWarning[] {
  return boldLineHeadings(source).map(({ line, text }) => ({
    file,
    line,
    reason: `bold line used as a heading ("${text}"): write it as a Markdown heading (## ${text})`,
  }));
}

/** A content file's YAML front matter checked against `schema`, and its markdown body. */
export function readFrontMatter<T>(
  file: string,
  source: string,
  schema: z.ZodType<T>,
): { data: T; markdown: string } | ContentProblem {
  const match = FRONT_MATTER.exec(source);
  if (!match) return { file, reason: 'no front matter (the file must start with --- and a YAML block)' };
  let raw: unknown;
  try {
    raw = parseYaml(match[1] ?? '');
  } catch (err) {
    return { file, reason: `front matter is not valid YAML: ${(err as Error).message.split('\n')[0]}` };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { file, reason: `${issue?.path.join('.') || 'front matter'}: ${issue?.message}` };
  }
  return { data: parsed.data, markdown: (match[2] ?? '').trim() };
}

export function parseContentFile(file: string, source: string): ContentNode | ContentProblem {
  const read = readFrontMatter(file, source, frontMatterSchema);
  if ('reason' in read) return read;
  const { data: fm, markdown } = read;
  const html = sanitizeArticleHtml(marked.parse(markdown, { async: false }));
  const body = readBody(html);
  if (body.bad) return { file, reason: body.bad };
  if (fm.type === 'article' && fm.labels.hide_body !== true && body.text.length < 40) {
    return { file, reason: 'an article needs a body of at least 40 characters (or the label hide_body: true)' };
  }
  if (fm.type === 'category' && fm.parent) return { file, reason: 'a category has no parent' };
  if (fm.type !== 'category' && !fm.parent) return { file, reason: `a ${fm.type} needs a parent` };
  const node: Omit<ContentNode, 'content_hash'> = {
    id: fm.id,
    index_name: fm.index,
    type: fm.type,
    parent_id: fm.parent ?? null,
    position: fm.position,
    title: fm.title,
    body_html: html,
    body_text: body.text,
    body_plain: body.plain,
    labels: fm.labels,
    label_names: fm.tags,
    contexts: fm.contexts,
    options: fm.options,
    related: fm.related,
    side_load: fm.side_load,
    response: fm.response,
    embedded: body.embedded,
    updated: fm.updated ?? null,
    file,
  };
  const { file: _f, ...hashed } = node;
  const content_hash = crypto.createHash('sha256').update(JSON.stringify(hashed)).digest('base64url');
  return { ...node, content_hash, source };
}

export interface LoadedContent {
  nodes: ContentNode[];
  problems: ContentProblem[];
  /** imported anyway, but to be fixed (bold lines used as headings) */
  warnings: ContentWarning[];
  indexes: string[];
}

/**
 * Reads a content folder: either one index folder (holding .md files) or a folder of index folders.
 * Checks every file and then the whole: unique ids, folder = index, parents and related ids exist.
 */
export function loadContentFolder(folder: string): LoadedContent {
  const problems: ContentProblem[] = [];
  const warnings: ContentWarning[] = [];
  const nodes: ContentNode[] = [];
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    return { nodes, problems: [{ file: folder, reason: 'is not a folder' }], warnings, indexes: [] };
  }
  const entries = fs.readdirSync(folder, { withFileTypes: true });
  const indexDirs = entries.some((e) => e.isFile() && e.name.endsWith('.md'))
    ? [folder]
    : entries.filter((e) => e.isDirectory()).map((e) => path.join(folder, e.name));
  const indexes = indexDirs.map((d) => path.basename(d)).sort();

  for (const dir of indexDirs) {
    for (const file of markdownFiles(dir)) {
      const source = fs.readFileSync(file, 'utf8');
      warnings.push(...contentWarnings(file, source));
      const result = parseContentFile(file, source);
      if ('reason' in result) problems.push(result);
      else if (result.index_name !== path.basename(dir)) {
        problems.push({
          file,
          reason: `index "${result.index_name}" does not match its folder "${path.basename(dir)}"`,
        });
      } else nodes.push(result);
    }
  }

  const byId = new Map<string, ContentNode>();
  for (const n of nodes) {
    const other = byId.get(n.id);
    if (other) problems.push({ file: n.file, reason: `id ${n.id} is already used by ${other.file}` });
    else byId.set(n.id, n);
  }
  for (const n of nodes) {
    if (n.parent_id) {
      const parent = byId.get(n.parent_id);
      if (!parent) problems.push({ file: n.file, reason: `parent ${n.parent_id} does not exist` });
      else if (parent.index_name !== n.index_name)
        problems.push({ file: n.file, reason: `parent ${n.parent_id} is in another index` });
      else if (parent.type === 'article')
        problems.push({ file: n.file, reason: `parent ${n.parent_id} is an article` });
    }
    for (const r of n.related) {
      if (!byId.has(r)) problems.push({ file: n.file, reason: `related article ${r} does not exist` });
    }
  }
  return { nodes, problems, warnings, indexes };
}

// ---- translations ------------------------------------------------------------------------------

/** One translated article: its English article's id, the locale, and the title and body in that language. */
export interface TranslationNode {
  article_id: string;
  locale: string;
  title: string;
  body_html: string;
  file: string;
  /** the file as written, as ContentNode.source */
  source?: string;
}

/**
 * A translation's front matter: the English article's id and the translated title. The English article's other
 * keys may be repeated (they are ignored: type, parent, tags, related, position … come from it); others are errors.
 */
const translationFrontMatterSchema = z
  .object({ id: idSchema, title: z.string().trim().min(1).max(150) })
  .catchall(z.unknown())
  .superRefine((fm, ctx) => {
    for (const key of Object.keys(fm)) {
      if (!(key in frontMatterSchema.shape)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `is not a key of a translation (id, title)` });
      }
    }
  });

/** Parses one translation file against its English article (as English bodies are rendered and sanitised). */
export function parseTranslationFile(
  file: string,
  source: string,
  locale: string,
  english: Map<string, ContentNode>,
): TranslationNode | ContentProblem {
  const read = readFrontMatter(file, source, translationFrontMatterSchema);
  if ('reason' in read) return read;
  const { id, title } = read.data;
  const article = english.get(id);
  if (!article) return { file, reason: `translates article ${id}, which does not exist` };
  const index = path.basename(path.dirname(file));
  if (article.index_name !== index) {
    return { file, reason: `article ${id} is in index "${article.index_name}", not in its folder "${index}"` };
  }
  const html = sanitizeArticleHtml(marked.parse(read.markdown, { async: false }));
  const body = readBody(html);
  if (body.bad) return { file, reason: body.bad };
  if (article.type === 'article' && article.labels.hide_body !== true && body.text.length < 40) {
    return { file, reason: 'a translated article needs a body of at least 40 characters (as its English article)' };
  }
  return { article_id: id, locale, title, body_html: html, file, source };
}

/** The folder of a content folder's translations: content/kb → content/kb-i18n. */
export function translationsFolderOf(folder: string): string {
  return path.join(path.dirname(folder), `${path.basename(folder)}-i18n`);
}

/**
 * Reads a translations folder (<locale>/<index>/*.md) against the English nodes: the locale must be one we serve
 * (not en), the article must exist in that index, and an article has one translation per locale.
 */
export function loadTranslations(
  folder: string,
  nodes: ContentNode[],
): { translations: TranslationNode[]; problems: ContentProblem[]; warnings: ContentWarning[] } {
  const translations: TranslationNode[] = [];
  const problems: ContentProblem[] = [];
  const warnings: ContentWarning[] = [];
  const english = new Map(nodes.map((n) => [n.id, n]));
  const indexes = new Set(nodes.map((n) => n.index_name));
  const seen = new Map<string, string>();
  for (const localeDir of fs
    .readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (!localeDir.isDirectory()) continue;
    const locale = localeDir.name;
    const localePath = path.join(folder, locale);
    if (!(supportedLocales as readonly string[]).includes(locale) || locale === 'en') {
      problems.push({
        file: localePath,
        reason: `"${locale}" is not a locale to translate into (${supportedLocales.filter((l) => l !== 'en').join(', ')})`,
      });
      continue;
    }
    for (const indexDir of fs
      .readdirSync(localePath, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      if (!indexDir.isDirectory()) continue;
      if (!allIndexes.includes(indexDir.name)) {
        problems.push({ file: path.join(localePath, indexDir.name), reason: `"${indexDir.name}" is not an index` });
        continue;
      }
      // Translations of indexes this import does not carry wait for their own import.
      if (!indexes.has(indexDir.name)) continue;
      const dir = path.join(localePath, indexDir.name);
      for (const file of markdownFiles(dir)) {
        const source = fs.readFileSync(file, 'utf8');
        warnings.push(...contentWarnings(file, source));
        const result = parseTranslationFile(file, source, locale, english);
        if ('reason' in result) {
          problems.push(result);
          continue;
        }
        const key = `${result.locale}/${result.article_id}`;
        const other = seen.get(key);
        if (other) problems.push({ file, reason: `article ${result.article_id} is already translated by ${other}` });
        else {
          seen.set(key, file);
          translations.push(result);
        }
      }
    }
  }
  return { translations, problems, warnings };
}

/** The Markdown files of one folder, in name order (an import reads them the same way every time). */
function markdownFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(dir, name));
}
