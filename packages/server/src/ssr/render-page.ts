// The server render of the public pages (docs/ssr.md): loads the web app's SSR build (packages/web/dist-server, made
// by `npm run build`) when it is there, and turns its render into the page index.html would have been.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { type SessionResponse, type SupportedLocale, supportedLocales } from '@selfserve/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { acceptsCoding, acceptsGzip } from '../lib/accept-encoding.ts';
import { findArticleAlternates } from './repo.ts';

/** What packages/web/src/entry-server.tsx exports (the server never imports web code; this is its shape). */
interface SsrModule {
  serverPageModule(pathname: string): string | null;
  render(request: {
    url: string;
    origin: string;
    hostname: string;
    session: SessionResponse;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    articleAlternates: (id: string) => Promise<{ englishTitle: string; locales: SupportedLocale[] } | null>;
  }): Promise<{ status: number; head: string; html: string; state: string; lang: SupportedLocale } | null>;
  SSR_STATE_ID: string;
}

/** A chunk of the browser build as Vite's manifest names it. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface ServerRenderer {
  /** Whether the page at this path is rendered on the server (the public pages). */
  handles(pathname: string): boolean;
  /** The whole page, or null when the browser must render it (the render failed or the page is not public). */
  render(
    request: FastifyRequest,
    session: SessionResponse,
    template: string,
  ): Promise<{ status: number; html: string } | null>;
}

/** The element the web app reads its first session from (packages/web/src/lib/get-session.ts), as app.ts writes it. */
const BOOT_SESSION_ID = 'boot-session';
const ROOT_ELEMENT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
/** The web app's hydration chunk: the SPA's own first page never loads it, a server-rendered page always does. */
const HYDRATE_MODULE = 'src/app/hydrate.tsx';
/** The first script of a server-rendered page, and the element it reads the app's modules from (web src/boot.ts). */
const BOOT_MODULE = 'src/boot.ts';
const BOOT_MODULES_ID = 'boot-modules';

export interface ServerRendererOptions {
  app: FastifyInstance;
  staticDir: string;
  db: Kysely<Database>;
  /** PUBLIC_URL: the site's origin for canonical addresses; else the request's scheme and host (as the sitemap). */
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
  /** The SSR build; packages/web/dist-server beside the static dir by default. */
  entryFile?: string;
}

/** The server renderer, or null when there is no SSR build (the SPA's index.html is then served as before). */
export async function loadServerRenderer(options: ServerRendererOptions): Promise<ServerRenderer | null> {
  const { app, staticDir, db, publicUrl, log } = options;
  const entryFile = options.entryFile ?? path.join(staticDir, '..', 'dist-server', 'entry-server.js');
  const manifestFile = path.join(staticDir, '.vite', 'manifest.json');
  if (!fs.existsSync(entryFile) || !fs.existsSync(manifestFile)) return null;
  const ssr = (await import(pathToFileURL(entryFile).href)) as SsrModule;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  // The first script of a server-rendered page (packages/web/src/boot.ts): it starts the app once the page is painted.
  const bootFile = manifest[BOOT_MODULE]?.file;
  if (!bootFile) {
    // A browser build older than the server's renderer: the pages are served as the SPA until it is rebuilt.
    log.warn(`${manifestFile} names no ${BOOT_MODULE}: pages render in the browser (rebuild the web app)`);
    return null;
  }

  /**
   * The text of a built stylesheet, read once, or null where it must stay a link: text that would end the <style>
   * early, or that names files relative to itself (url(…) resolves against the page once inlined).
   */
  const cssTexts = new Map<string, string | null>();
  const cssOf = (href: string): string | null => {
    if (!cssTexts.has(href)) {
      let text: string | null = null;
      try {
        text = fs.readFileSync(path.join(staticDir, href), 'utf8');
      } catch {
        // Missing from the build: the link stays, as before.
      }
      if (text !== null && (/<\/style/i.test(text) || /url\(\s*['"]?(?![a-z]+:|\/|#)/i.test(text))) text = null;
      cssTexts.set(href, text);
    }
    return cssTexts.get(href) ?? null;
  };

  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preloadLink = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

  /** The stylesheet links and module URLs of a page's module, its locale file and what they import. */
  const pageAssets = (pageModule: string, locale: SupportedLocale): { stylesheets: string[]; modules: string[] } => {
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    // The browser's hydration code (app/hydrate.tsx), the page's own module and what they import.
    visit(HYDRATE_MODULE);
    visit(pageModule);
    const localeKey = Object.keys(manifest).find((key) =>
      locale === 'en' ? key.endsWith('src/lib/english.ts') : key.endsWith(`locales/${locale}.json`),
    );
    if (localeKey) visit(localeKey);
    return {
      stylesheets: [...css].map((sheet) => `/${sheet}`),
      modules: [...files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`),
    };
  };

  /**
   * The template's entry script and module preloads give way to the boot script, and the app's modules (the entry
   * first) are listed for it to load after the first paint (docs/ssr.md "First paint").
   */
  const withBootScript = (template: string, pageModules: string[]): { html: string; modules: string[] } => {
    const entry = template.match(entryScript)?.[1];
    const preloaded = [...template.matchAll(preloadLink)].map((m) => m[1] as string);
    const html = template
      .replace(entryScript, `<script type="module" crossorigin src="/${bootFile}"></script>\n    `)
      .replace(preloadLink, '');
    return { html, modules: [...new Set([...(entry ? [entry] : []), ...preloaded, ...pageModules])] };
  };

  return {
    handles: (pathname) => ssr.serverPageModule(pathname) !== null,
    async render(request, session, template) {
      const pageModule = ssr.serverPageModule(request.url.split('?')[0] ?? '/');
      if (!pageModule) return null;
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      try {
        const result = await ssr.render({
          url: request.url,
          origin,
          hostname: request.hostname,
          session,
          fetch: inProcessFetch(app, request),
          articleAlternates: async (id) => {
            const found = await findArticleAlternates(db, id);
            return (
              found && {
                ...found,
                locales: found.locales.filter((l): l is SupportedLocale =>
                  (supportedLocales as readonly string[]).includes(l),
                ),
              }
            );
          },
        });
        if (!result) return null;
        const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
        const assets = pageAssets(pageModule, result.lang);
        const pageSheets = assets.stylesheets.filter((href) => !template.includes(`${href}"`));
        const boot = withBootScript(stylesFirst(template, pageSheets, cssOf), assets.modules);
        const html = boot.html
          .replace(/<html lang="[^"]*"/, `<html lang="${result.lang}"`)
          .replace(/<title>[\s\S]*?<\/title>/, '')
          .replace(/<meta name="description"[^>]*>/, '')
          .replace('</head>', `    ${result.head}\n  </head>`)
          // The page reads without JavaScript: no "needs JavaScript" notice.
          .replace(NOSCRIPT, '')
          .replace(
            ROOT_ELEMENT,
            `<div id="root">${result.html}</div>` +
              `<script type="application/json" id="${BOOT_SESSION_ID}">${json(session)}</script>` +
              `<script type="application/json" id="${ssr.SSR_STATE_ID}">${result.state}</script>` +
              `<script type="application/json" id="${BOOT_MODULES_ID}">${json(boot.modules)}</script>`,
          );
        return { status: result.status, html };
      } catch (error) {
        // The browser can still render the page: serve the SPA rather than an error.
        log.error({ err: error, url: request.url }, 'server render failed; serving the browser-rendered page');
        return null;
      }
    },
  };
}

/**
 * The page's stylesheets (the template's and the page module's) in the HTML itself, before any script or preload in
 * the head (docs/ssr.md "First paint"): the first paint then needs the HTML alone — on a slow link each stylesheet
 * fetched was a round trip more before anything showed. Each is a `<style data-href>` naming its file, which the boot
 * script marks as loaded for the app (web src/boot.ts). A sheet that cannot be inlined (cssOf null) stays a link.
 */
function stylesFirst(template: string, pageSheets: string[], cssOf: (href: string) => string | null): string {
  const links = template.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  let html = template;
  for (const link of links) html = html.replace(link, '');
  const hrefs = [...links.map((link) => link.match(/href="([^"]+)"/)?.[1] ?? ''), ...pageSheets].filter(Boolean);
  const sheets = hrefs
    .map((href) => {
      const text = cssOf(href);
      return text === null
        ? `<link rel="stylesheet" crossorigin href="${href}">`
        : `<style data-href="${href}">${text}</style>`;
    })
    .join('\n    ');
  if (!sheets) return template;
  const firstScript = html.search(/<script |<link rel="modulepreload"/);
  if (firstScript < 0) return html.replace('</head>', `    ${sheets}\n  </head>`);
  return `${html.slice(0, firstScript)}${sheets}\n    ${html.slice(firstScript)}`;
}

/**
 * The web app's API calls during a render, answered in-process by the same Fastify instance (app.inject) with the
 * visitor's cookies, language and address: the same rules, sessions and rate limits as the browser's own calls.
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest) {
  // The page's own request may just have set the visitor's cookies (readSession): request.cookies has them.
  const cookie = Object.entries(request.cookies)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  const passOn = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? { [name]: value } : {};
  };
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {
      ...passOn('accept-language'),
      ...passOn('user-agent'),
      ...passOn('host'),
      ...(init.headers as Record<string, string> | undefined),
      ...(cookie ? { cookie } : {}),
    };
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      remoteAddress: request.ip,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
  };
}

/**
 * The rendered page compressed as the browser accepts (brotli, else gzip): the static files are precompressed at
 * build time, a rendered page is compressed here (a fast brotli level: the page is made per request).
 */
export function compressedPage(
  acceptEncoding: string | string[] | undefined,
  html: string,
): { body: Buffer | string; encoding: 'br' | 'gzip' | null } {
  if (acceptsCoding(acceptEncoding, 'br')) {
    const body = zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    return { body, encoding: 'br' };
  }
  if (acceptsGzip(acceptEncoding)) return { body: zlib.gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html, encoding: null };
}
