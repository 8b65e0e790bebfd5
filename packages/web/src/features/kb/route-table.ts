import { OPERATOR_REPORT_PATH, routes } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { kbRoutes } from '../../lib/kb/paths';
import { lazyRoute } from '../../lib/lazy-route';

const homePage = () => import('./routes/home');
const sectionPage = () => import('./routes/section');
const articlePage = () => import('./routes/article');
const dreportPage = () => import('./routes/dreport');
const kbPage = () => import('./routes/kb');

/** Home and the knowledge base (spec §2): open to visitors, each page its own chunk. */
export const kbRouteTable: RouteObject[] = [
  lazyRoute(routes.home, homePage, 'HomePage'),
  lazyRoute(routes.selfServe, homePage, 'HomePage'),
  // The operator app opens /report: the home categories of its mode's index (the partners', docs/embedding.md).
  lazyRoute(OPERATOR_REPORT_PATH, homePage, 'HomePage'),
  lazyRoute(kbRoutes.search, () => import('./routes/search'), 'SearchPage'),
  lazyRoute(kbRoutes.section, sectionPage, 'SectionPage'),
  lazyRoute(kbRoutes.sectionDriver, sectionPage, 'SectionPage'),
  // A section (or category) by its id, opened fresh: the form links use (issue 14). /section/driver_default is
  // static, so it outranks this whatever the order.
  lazyRoute(kbRoutes.sectionById, sectionPage, 'SectionByIdPage'),
  lazyRoute(kbRoutes.subsection, sectionPage, 'SubsectionPage'),
  lazyRoute(kbRoutes.mainArticle, articlePage, 'MainArticlePage'),
  lazyRoute(kbRoutes.article, articlePage, 'LastArticlePage'),
  lazyRoute('/article/:id', articlePage, 'ArticlePage'),
  lazyRoute('/article/:id/:flag/driver_default', articlePage, 'ArticlePage'),
  lazyRoute(kbRoutes.articles, () => import('./routes/driver-articles'), 'DriverArticlesPage'),
  lazyRoute('/dreport/:articleId?/:type?', dreportPage, 'DreportPage'),
  // The website's instant-resolution article: 'support' is no booking's CRN (issue 15 item 13).
  lazyRoute('/support/dreport/:articleId', dreportPage, 'DreportPage'),
  lazyRoute('/support/dreport/:articleId/select', dreportPage, 'SupportSelectArticlePage'),
  lazyRoute(kbRoutes.kb, kbPage, 'KbPage'),
  lazyRoute('/kb/:id1', kbPage, 'KbPage'),
  lazyRoute('/kb/:id1/:id2', kbPage, 'KbPage'),
  lazyRoute('/kb/:id1/:id2/:id3', kbPage, 'KbPage'),
  lazyRoute(kbRoutes.simpleArticle, () => import('./routes/simple-article'), 'SimpleArticlePage'),
  // Last: on a tie in rank (/kb/x against /{id}/mainsection) React Router prefers the earlier route.
  lazyRoute('/:categoryId/mainsection', sectionPage, 'MainSectionPage'),
];
