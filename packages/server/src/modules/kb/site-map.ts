import { appRoutePatterns, articlePath, customerIndexes, kbRoutePatterns, sectionHref } from '@selfserve/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { API_PREFIXES } from '../../plugins/access.ts';
import { sendError } from '../../plugins/errors.ts';
import { listUpdatedOn } from './repo.ts';
import { publicRows } from './service.ts';

/**
 * /sitemap.xml and /robots.txt (issue 19 item 2; docs/kb-site.md): the public customer
 * indexes' categories and articles as search engines should find them, and the app's private pages kept out.
 */

/** URLs in one sitemap file: the sitemaps protocol's limit. Past it, /sitemap.xml is an index of /sitemap-{n}.xml. */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Search engines may keep both for an hour: a new article shows in the next crawl, not the next second. */
const CACHE_CONTROL = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';

export interface SiteMapEntry {
  /** path on the site, beginning with '/' */
  path: string;
  /** YYYY-MM-DD (or an ISO time), or null when unknown */
  lastmod: string | null;
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => xmlEscapes[c] ?? c);

/** A lastmod in W3C date form, or null when the stored value is not a date. */
function w3cDate(value: string | null): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The public categories (/section/{id}) and articles (/article/{id}-{slug}) of the visitors' customer indexes. */
export async function siteMapEntries(deps: Pick<AppDeps, 'db'>): Promise<SiteMapEntry[]> {
  const rows = await publicRows(deps.db, customerIndexes);
  const updated = new Map((await listUpdatedOn(deps.db, customerIndexes)).map((r) => [r.id, r.updated_on]));
  const seen = new Set<string>();
  const entries: SiteMapEntry[] = [];
  for (const row of rows) {
    const path = row.type === 'article' ? articlePath(row.id, row.title) : sectionHref(row.id);
    if (seen.has(path)) continue;
    seen.add(path);
    entries.push({ path, lastmod: w3cDate(updated.get(row.id) ?? null) });
  }
  return entries;
}

/**
 * The documents of a sitemap: one `<urlset>` when the entries fit in a page; else an index (page 0) pointing to
 * pages 1 … n. `page` 0 is /sitemap.xml; null when there is no such page.
 */
export function siteMapDocument(
  entries: readonly SiteMapEntry[],
  origin: string,
  page: number,
  pageSize: number = SITEMAP_PAGE_SIZE,
): string | null {
  const pages = Math.max(1, Math.ceil(entries.length / pageSize));
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  if (page === 0 && pages > 1) {
    const items = Array.from(
      { length: pages },
      (_, i) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
    );
    return `${head}<sitemapindex xmlns="${ns}">\n${items.join('')}</sitemapindex>\n`;
  }
  if (page !== 0 && (pages === 1 || page < 1 || page > pages)) return null;
  const slice = page === 0 ? entries : entries.slice((page - 1) * pageSize, page * pageSize);
  const items = slice.map(
    (e) =>
      `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>\n`,
  );
  return `${head}<urlset xmlns="${ns}">\n${items.join('')}</urlset>\n`;
}

/**
 * A route pattern as a robots.txt path rule: `:param` segments become `*`, an optional one ends the rule, and a
 * trailing required parameter leaves the rule ending in '/' (everything below). Crawlers take the longest matching
 * rule, so a public page's Allow outranks a shorter private Disallow (/mainarticle against /main).
 */
export function robotsRule(pattern: string): string | null {
  const out: string[] = [];
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment.startsWith(':') && segment.endsWith('?')) break;
    out.push(segment.startsWith(':') ? '*' : segment);
  }
  let below = false;
  while (out.at(-1) === '*') {
    out.pop();
    below = true;
  }
  if (out.length === 0) return null;
  return `/${out.join('/')}${below ? '/' : ''}`;
}

/** robots.txt: the knowledge base's pages allowed, every other page of the app and the API disallowed. */
export function robotsTxt(origin: string): string {
  const publicPatterns = new Set<string>(kbRoutePatterns);
  const rules = (patterns: readonly string[]) => [
    ...new Set(patterns.map(robotsRule).filter((r): r is string => r !== null)),
  ];
  const allow = rules(kbRoutePatterns);
  const disallow = [
    ...new Set([
      ...API_PREFIXES,
      ...rules(appRoutePatterns.filter((p) => !publicPatterns.has(p))).filter((r) => !allow.includes(r)),
    ]),
  ];
  return [
    'User-agent: *',
    ...allow.map((r) => `Allow: ${r}`),
    ...disallow.map((r) => `Disallow: ${r}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The site's origin for absolute URLs: PUBLIC_URL, else the request's own scheme and host. */
const originOf = (deps: AppDeps, request: FastifyRequest) =>
  deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

export function siteMapRoutes(deps: AppDeps, pageSize: number = SITEMAP_PAGE_SIZE): FastifyPluginAsync {
  const send = async (request: FastifyRequest, reply: FastifyReply, page: number) => {
    const doc = siteMapDocument(await siteMapEntries(deps), originOf(deps, request), page, pageSize);
    if (doc === null) return sendError(reply, 'NOT_FOUND');
    return reply.header('cache-control', CACHE_CONTROL).type(XML_TYPE).send(doc);
  };
  return async (app) => {
    // Public pages, not API paths: any visitor (and crawler) reads them.
    app.get('/sitemap.xml', { config: { access: 'visitor' } }, (request, reply) => send(request, reply, 0));
    app.get<{ Params: { page: string } }>('/sitemap-:page', { config: { access: 'visitor' } }, (request, reply) => {
      const m = /^([1-9]\d{0,6})\.xml$/.exec(request.params.page);
      if (!m?.[1]) return sendError(reply, 'NOT_FOUND');
      return send(request, reply, Number(m[1]));
    });
    app.get('/robots.txt', { config: { access: 'visitor' } }, (request, reply) =>
      reply
        .header('cache-control', CACHE_CONTROL)
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(originOf(deps, request))),
    );
  };
}
