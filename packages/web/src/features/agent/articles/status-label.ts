import type { ArticleStatus } from '@selfserve/contract';

export const statusLabel = {
  published: 'agent.articles.statusPublished',
  draft: 'agent.articles.statusDraft',
  unpublished: 'agent.articles.statusUnpublished',
} as const satisfies Record<ArticleStatus, string>;
