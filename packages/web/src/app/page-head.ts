import { type Article, articleIdOf, articlePath, intlLocale, routes, type SupportedLocale } from '@selfserve/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { translateIn } from '../lib/i18n';

/**
 * What a public page says about itself in <head> (docs/ssr.md): its title, a description, the canonical address,
 * the addresses of its translations (hreflang) and the Open Graph card. Computed from the page's path and the data
 * already in the query cache, so the server render and the browser's later navigations say the same.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  ogType: 'article' | 'website';
  /** Open Graph's locale form: language_TERRITORY (en_IN) or the language alone. */
  ogLocale: string;
  /** hreflang → absolute address; 'x-default' among them when there are any. */
  alternates: { hreflang: string; href: string }[];
  /** The node the page shows, when it shows one. */
  articleId: string | null;
  /** The page is the 'Article not found.' page (or shows it). */
  notFound: boolean;
}

/** What the server knows of an article's translations (content/kb-i18n); the browser does not ask for it. */
export interface ArticleAlternates {
  /** The English title: the readable slug of every address is made from it, as the sitemap's is. */
  englishTitle: string;
  /** Languages other than English the article is translated into. */
  locales: SupportedLocale[];
}

/** Search engines show about this much of a description. */
export const DESCRIPTION_MAX = 155;

/** The id of the node a knowledge-base path shows; '' for /kb (its first category), null for pages without one. */
export function pathArticleId(pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeSegment);
  const [first, second, third] = parts;
  if (first === 'article' && second) return articleIdOf(second);
  if (first === 'dreport' && second) return second;
  if (first === 'support' && second === 'dreport' && third) return third;
  if (first === 'section' && second && parts.length === 2 && second !== 'driver_default') return second;
  if (first === 'kb') return parts.length > 1 ? (parts.at(-1) ?? null) : '';
  return null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

interface ArticleLookup {
  article: Article | null;
  notFound: boolean;
}

/** The article query of `id` in the cache ('' = the first one there, as /kb shows its first category). */
function lookUpArticle(queryClient: QueryClient, id: string): ArticleLookup {
  const queries = queryClient.getQueryCache().findAll({ queryKey: ['kb', 'article'] });
  const mine = queries.filter((q) => id === '' || q.queryKey[3] === id);
  const found = mine.find((q) => q.state.data !== undefined);
  if (found) return { article: found.state.data as Article, notFound: false };
  const missing = mine.some((q) => q.state.error instanceof ApiError && q.state.error.status === 404);
  return { article: null, notFound: missing };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of an HTML fragment (already sanitised): tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The article's first paragraph as plain text (hidden JSON blocks left out), else its whole text. */
export function firstParagraph(html: string): string {
  const visible = html.replace(/<(\w+)\b[^>]*\bhidden\b[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  for (const match of visible.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)) {
    const text = plainText(match[1] ?? '');
    if (text) return text;
  }
  return plainText(visible);
}

function articleDescription(article: Article, locale: SupportedLocale): string {
  const body = article.html_body || article.body;
  const text = body ? firstParagraph(body) : '';
  if (text) return clip(text);
  const topics = article.articles.map((a) => a.title).join(', ');
  return clip(topics ? translateIn(locale, 'seo.topicsDescription', { topics }) : article.title);
}

export interface PageHeadInput {
  pathname: string;
  search: string;
  queryClient: QueryClient;
  locale: SupportedLocale;
  /** The reader's country (Open Graph locale), when known. */
  country?: string | null;
  /** The site's origin: PUBLIC_URL or the request's scheme and host. */
  origin: string;
  alternates?: ArticleAlternates | null;
}

/** The page's head, as the server writes it and the browser keeps it after navigating. */
export function pageHead({
  pathname,
  search,
  queryClient,
  locale,
  country = null,
  origin,
  alternates = null,
}: PageHeadInput): PageHead {
  const t = (key: Parameters<typeof translateIn>[1], params?: Record<string, string>) =>
    translateIn(locale, key, params);
  const site = t('common.siteTitle');
  const named = (title: string) => (title ? `${title} · ${site}` : site);
  const ogLocale = intlLocale(locale, country).replace('-', '_');
  const base = {
    ogType: 'website' as const,
    ogLocale,
    alternates: [],
    articleId: null,
    notFound: false,
    description: t('seo.siteDescription'),
  };

  if (pathname === routes.articleNotFound) {
    return { ...base, title: named(t('articleNotFound')), canonical: origin + pathname, notFound: true };
  }
  if (pathname === '/search') {
    const query = (new URLSearchParams(search).get('q') ?? '').trim();
    return {
      ...base,
      title: named(query ? t('search.resultsFor', { query }) : t('search.title')),
      description: query ? clip(t('seo.searchDescription', { query })) : base.description,
      canonical: `${origin}/search${query ? `?q=${encodeURIComponent(query)}` : ''}`,
    };
  }
  const id = pathArticleId(pathname);
  if (id === null) {
    // The knowledge base's home (/home, /selfServe).
    return { ...base, title: named(t('home.title')), canonical: origin + pathname };
  }
  const { article, notFound } = lookUpArticle(queryClient, id);
  if (!article) {
    return {
      ...base,
      title: named(notFound ? t('articleNotFound') : ''),
      canonical: origin + pathname,
      notFound,
    };
  }

  // Articles live at their readable address (the sitemap's); categories and sections at /section/{id}.
  const englishTitle = alternates?.englishTitle ?? (article.language === 'en' ? article.title : '');
  const home =
    article.type === 'article'
      ? englishTitle
        ? articlePath(article.id, englishTitle)
        : `/article/${encodeURIComponent(article.id)}`
      : `/section/${encodeURIComponent(article.id)}`;
  const inLanguage = (language: SupportedLocale) => `${origin}${home}${language === 'en' ? '' : `?lang=${language}`}`;
  const translated = alternates ? alternates.locales : [];
  const shownIn: SupportedLocale = article.language;
  const alternateLinks =
    translated.length > 0
      ? [
          { hreflang: 'en', href: inLanguage('en') },
          ...translated.map((language) => ({ hreflang: language, href: inLanguage(language) })),
          { hreflang: 'x-default', href: inLanguage('en') },
        ]
      : [];
  return {
    ...base,
    title: named(article.title),
    description: articleDescription(article, locale),
    // The page as shown: in the reader's language when translated, else the English one.
    canonical: inLanguage(shownIn === 'en' || translated.includes(shownIn) || !alternates ? shownIn : 'en'),
    ogType: article.type === 'article' ? 'article' : 'website',
    ogLocale: intlLocale(shownIn, country).replace('-', '_'),
    alternates: alternateLinks,
    articleId: article.id,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head as HTML (the server's page): every value escaped. */
export function pageHeadHtml(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...head.alternates.map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" />`,
    ),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:locale', head.ogLocale),
    ...(head.notFound ? [meta('name', 'robots', 'noindex')] : []),
  ].join('\n    ');
}
