import {
  type Article,
  type ArticleSummary,
  type CategoryNode,
  coded,
  errorResponseSchema,
  type KbMetaResponse,
  kbArticleResponseSchema,
  kbMetaResponseSchema,
} from '@selfserve/contract';

// Answers the tests serve are checked against the contract's schemas, so a fixture cannot drift from the API.

export function summary(id: string, title: string, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    name: title,
    title,
    type: 'article',
    index_name: 'customer',
    parent_id: null,
    label_names: [],
    ...overrides,
  };
}

export function category(
  id: string,
  title: string,
  children: CategoryNode[] = [],
  overrides: Partial<CategoryNode> = {},
) {
  return { ...summary(id, title, { type: 'category' }), articles: children, ...overrides } satisfies CategoryNode;
}

export function leaf(id: string, title: string, parentId: string, overrides: Partial<CategoryNode> = {}): CategoryNode {
  return { ...summary(id, title, { parent_id: parentId }), articles: [], ...overrides };
}

export function article(overrides: Partial<Article> = {}): Article {
  const body = overrides.body ?? '<p>When we approve a refund, you can choose where the money goes.</p>';
  return {
    ...summary('100301', 'How refunds work', { parent_id: '100300' }),
    body,
    html_body: overrides.html_body ?? body,
    labels: {},
    options: [],
    related: [],
    side_load: {},
    response: {},
    embedded: {},
    articles: [],
    ancestors: [summary('100300', 'Payments and refunds', { type: 'category' })],
    language: 'en',
    updated: null,
    feedback: { helpful: 0, total: 0 },
    ...overrides,
  };
}

export function articleResponse(data: Article) {
  return kbArticleResponseSchema.parse({ status: 'SUCCESS', data });
}

export function metaResponse(data: CategoryNode[]): KbMetaResponse {
  return kbMetaResponseSchema.parse({ status: 'SUCCESS', index_name: ['customer'], context: null, data });
}

export const notFoundBody = errorResponseSchema.parse({ status: 'FAILURE', error: coded('articleNotFound') });
export const serverErrorBody = errorResponseSchema.parse({ status: 'ERROR', error: coded('INTERNAL') });

/** The demo tree in miniature: a members' category first, then two public ones. */
export const memberCategory = category(
  '100100',
  'Select Membership',
  [
    leaf('100101', 'What is Select membership?', '100100', { label_names: ['select_members'] }),
    {
      ...summary('100110', 'Managing My Membership', { type: 'sub_category', parent_id: '100100' }),
      label_names: ['select_paid_members'],
      articles: [],
    },
    {
      ...summary('100120', 'Canceling my membership', { type: 'sub_category', parent_id: '100100' }),
      articles: [],
    },
  ],
  { label_names: ['select_members'] },
);

export const ridesCategory = category('100200', 'Rides and fares', [
  leaf('100201', 'How is my fare calculated?', '100200'),
  leaf('100202', 'Why are fares higher at peak times?', '100200'),
]);

export const paymentsCategory = category('100300', 'Payments and refunds', [
  leaf('100301', 'How refunds work', '100300'),
  leaf('100302', 'Refund for a cancelled ride', '100300'),
  leaf('100303', 'I was charged twice for the same ride', '100300'),
]);
