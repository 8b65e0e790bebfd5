import { z } from 'zod';
import { supportedLocales } from './languages.ts';

/**
 * Insights in the agent console (issue 21 item 5; docs/agent.md "Insights"): what readers search for, which articles
 * help, how many readers the articles spare a ticket, ticket volume and times, CSAT — for a period, a country and a
 * language. Every figure's definition is in docs/agent.md.
 */
export const agentInsightsPath = '/api/agent/v1/insights';

/** The longest period one answer covers. */
export const INSIGHTS_MAX_DAYS = 366;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');

export const agentInsightsQuerySchema = z
  .object({
    /** first and last day, inclusive (UTC) */
    from: day,
    to: day,
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    language: z.enum(supportedLocales).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < INSIGHTS_MAX_DAYS, {
    message: `the period is at most ${INSIGHTS_MAX_DAYS} days`,
    path: ['to'],
  });
export type AgentInsightsQuery = z.infer<typeof agentInsightsQuerySchema>;

const duration = z.object({
  /** tickets measured */
  count: z.number(),
  /** hours, one decimal; null without tickets */
  median_hours: z.number().nullable(),
  p90_hours: z.number().nullable(),
});

export const agentInsightsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** the countries the figures cover (null: every country) */
  countries: z.array(z.string()).nullable(),
  searches: z.object({
    total: z.number(),
    zero_results: z.number(),
    top: z.array(z.object({ query: z.string(), searches: z.number(), zero_results: z.number() })),
    top_zero: z.array(z.object({ query: z.string(), searches: z.number() })),
  }),
  helpfulness: z.array(
    z.object({ article_id: z.string(), title: z.string(), helpful: z.number(), not_helpful: z.number() }),
  ),
  deflection: z.object({
    /** signed-in readers' article views */
    views: z.number(),
    /** of them, views followed by no ticket from the same reader within a day */
    deflected: z.number(),
  }),
  tickets: z.object({
    total: z.number(),
    by_category: z.array(z.object({ category: z.string(), count: z.number() })),
    first_response: duration,
    resolution: duration,
  }),
  csat: z.object({ good: z.number(), bad: z.number() }),
});
export type AgentInsights = z.infer<typeof agentInsightsResponseSchema>;

/** The value below which `share` of sorted values lie (nearest rank), or null for none. */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1] ?? null;
}
