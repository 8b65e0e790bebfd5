import { routes } from '@selfserve/contract';
import type { QueryClient } from '@tanstack/react-query';
import { currentLocale } from '../lib/i18n';
import { type PageHead, pageHead, pathArticleId } from './page-head';
import type { AppRouter } from './router';

/** The pages that describe themselves (the server-rendered ones); any other page gets the site's description only. */
function describesItself(pathname: string): boolean {
  return (
    pathArticleId(pathname) !== null ||
    [routes.home, routes.selfServe, '/search', routes.articleNotFound].includes(pathname)
  );
}

function setMeta(attr: 'name' | 'property', key: string, value: string | null): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attr, key);
    document.head.append(element);
  }
  element.content = value;
}

function setCanonical(href: string | null): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === null) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

function apply(head: PageHead | null, siteDescription: string): void {
  // The translations of the page are known to the server only (hreflang matters to crawlers, who get its HTML).
  for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
  setMeta('name', 'description', head?.description ?? siteDescription);
  setCanonical(head?.canonical ?? null);
  setMeta('property', 'og:title', head?.title ?? null);
  setMeta('property', 'og:description', head?.description ?? null);
  setMeta('property', 'og:url', head?.canonical ?? null);
  setMeta('property', 'og:type', head?.ogType ?? null);
  setMeta('property', 'og:locale', head?.ogLocale ?? null);
  setMeta('name', 'robots', head?.notFound ? 'noindex' : null);
}

/**
 * After the first page (whose head the server wrote, or index.html's), every navigation and every answer that
 * arrives recomputes the head the server would have written for the page now shown (docs/ssr.md). The title stays
 * with the pages (lib/use-document-title.ts).
 */
export function syncPageHead(router: AppRouter, queryClient: QueryClient): void {
  const first = router.state.location;
  let moved = false;
  let scheduled = false;
  const update = () => {
    scheduled = false;
    const { pathname, search } = router.state.location;
    if (!moved) {
      if (pathname === first.pathname && search === first.search) return;
      moved = true;
    }
    const locale = currentLocale();
    const head = describesItself(pathname)
      ? pageHead({ pathname, search, queryClient, locale, origin: window.location.origin })
      : null;
    const siteDescription = pageHead({
      pathname: routes.home,
      search: '',
      queryClient,
      locale,
      origin: window.location.origin,
    }).description;
    apply(head, siteDescription);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(update);
  };
  router.subscribe(schedule);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated') schedule();
  });
}
