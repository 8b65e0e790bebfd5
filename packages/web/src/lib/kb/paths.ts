import { sectionHref } from '@selfserve/contract';

/** Client routes of the knowledge base (spec core.md §2), written once for links and the router. */
export const kbRoutes = {
  search: '/search',
  section: '/section',
  sectionDriver: '/section/driver_default',
  sectionById: '/section/:sectionId',
  subsection: '/subsection',
  mainArticle: '/mainarticle',
  article: '/article',
  articles: '/articles',
  simpleArticle: '/simple_article',
  kb: '/kb',
  writeToUs: '/writetous',
} as const;

export const articleHref = (id: string) => `/article/${encodeURIComponent(id)}`;
export { sectionHref };
/** Where a node of the tree opens: an article on its page, a category or section as /section/{id} (shareable). */
export const nodeHref = (node: { id: string; type: string }) =>
  node.type === 'article' ? articleHref(node.id) : sectionHref(node.id);
export const searchHref = (query: string) => `${kbRoutes.search}?q=${encodeURIComponent(query)}`;
/** /kb/{id1}/{id2}/{id3}: the path of ids from the top category down. */
export const kbHref = (ids: readonly string[]) => [kbRoutes.kb, ...ids.map(encodeURIComponent)].join('/');
/** The hierarchical knowledge base goes three levels deep (spec §2). */
export const KB_MAX_DEPTH = 3;
