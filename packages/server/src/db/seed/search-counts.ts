import type { KbSearchCountsTable } from '../schema.ts';
import { DAY } from './common.ts';

// What the demo's readers searched for over the 30 days before the anchor (the agent console's insights,
// docs/agent.md "Insights"): a fixed table of queries by country and language, spread over the days by a formula so
// the data is the same for every anchor and needs no random draws (which would shift every other seeded row).
const QUERIES: readonly { query: string; country: string; language: string; perDay: number; zeroShare: number }[] = [
  { query: 'refund', country: 'IN', language: 'en', perDay: 14, zeroShare: 0 },
  { query: 'cancellation fee', country: 'IN', language: 'en', perDay: 9, zeroShare: 0 },
  { query: 'lost phone', country: 'IN', language: 'en', perDay: 6, zeroShare: 0 },
  { query: 'invoice', country: 'IN', language: 'en', perDay: 5, zeroShare: 0 },
  { query: 'select membership', country: 'IN', language: 'en', perDay: 4, zeroShare: 0 },
  { query: 'रिफंड', country: 'IN', language: 'hi', perDay: 5, zeroShare: 0 },
  { query: 'ड्राइवर ने ज़्यादा पैसे लिए', country: 'IN', language: 'hi', perDay: 2, zeroShare: 0.5 },
  { query: 'metro card recharge', country: 'IN', language: 'en', perDay: 2, zeroShare: 1 },
  { query: 'toll charges', country: 'IN', language: 'en', perDay: 3, zeroShare: 0 },
  { query: 'driver was rude', country: 'GB', language: 'en', perDay: 2, zeroShare: 0 },
  { query: 'congestion charge', country: 'GB', language: 'en', perDay: 2, zeroShare: 1 },
  { query: 'receipt', country: 'GB', language: 'en', perDay: 3, zeroShare: 0 },
  { query: 'airport pickup', country: 'AU', language: 'en', perDay: 2, zeroShare: 0 },
];

export function buildSearchCounts(anchor: number): KbSearchCountsTable[] {
  const rows: KbSearchCountsTable[] = [];
  for (let d = 1; d <= 30; d++) {
    const day = new Date(anchor - d * DAY).toISOString().slice(0, 10);
    QUERIES.forEach((q, i) => {
      // Weekdays busier than weekends, and a gentle wobble per query.
      const weekday = new Date(anchor - d * DAY).getUTCDay();
      const searches = Math.max(
        0,
        Math.round(q.perDay * (weekday === 0 || weekday === 6 ? 0.7 : 1) + ((d + i) % 3) - 1),
      );
      if (searches > 0) {
        rows.push({
          day,
          query: q.query,
          country: q.country,
          language: q.language,
          searches,
          zero_results: Math.round(searches * q.zeroShare),
        });
      }
    });
  }
  return rows;
}
