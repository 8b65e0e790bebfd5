// Zod-free, so pages that only need a path or a title do not load the schemas.

/** Two categories the spec names by title (core.md §6); content must keep these titles. */
export const MANAGING_MEMBERSHIP_TITLE = 'Managing My Membership';
export const CANCELING_MEMBERSHIP_TITLE = 'Canceling my membership';

export const kbPaths = {
  meta: '/api/kb/v3/meta/',
  metaVariant: (kind: 'ondc' | 'grocery' | 'giftcard' | 'fashionandelectronics') => `/api/kb/v3/${kind}/meta`,
  articles: '/api/kb/v3/articles',
  related: (index: string) => `/api/kb/v3/related_article/${index}/articles`,
  relatedV1: (index: string) => `/api/kb/v1/related_article/${index}/articles`,
  driverMeta: '/api/kb/v1/driver_app/meta',
  search: (type: string) => `/api/kb/v3/article_type__${type}/search`,
  feedback: '/api/kb/v3/article_feedback',
  /** the articles most found helpful in a viewer's index: the next step after a search with no result */
  popular: '/api/kb/v3/popular_articles',
} as const;
