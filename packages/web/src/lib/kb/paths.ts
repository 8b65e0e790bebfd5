/** Client routes of the knowledge base (spec core.md §2), written once for links and the router. */
export const kbRoutes = {
  search: '/search',
  section: '/section',
  sectionDriver: '/section/driver_default',
  subsection: '/subsection',
  mainArticle: '/mainarticle',
  article: '/article',
  articles: '/articles',
  simpleArticle: '/simple_article',
  kb: '/kb',
  callUs: '/callUs',
  writeToUs: '/writetous',
} as const;

export const articleHref = (id: string) => `/article/${encodeURIComponent(id)}`;
export const searchHref = (query: string) => `${kbRoutes.search}?q=${encodeURIComponent(query)}`;
/** /kb/{id1}/{id2}/{id3}: the path of ids from the top category down. */
export const kbHref = (ids: readonly string[]) => [kbRoutes.kb, ...ids.map(encodeURIComponent)].join('/');
/** The hierarchical knowledge base goes three levels deep (spec §2). */
export const KB_MAX_DEPTH = 3;
