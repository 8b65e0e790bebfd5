// Which non-login ticket modal an article shows a visitor (flows/visitor-tickets.ts has the modals' fields and
// schemas): read by every article page before any form loads (app/article-flow-gate.tsx), so no zod here
// (docs/ssr.md "No zod, no date formatter").

export const VISITOR_TICKET_MODALS = [
  'lost_phone',
  'other_issue',
  'write_to_us',
  'issue_not_listed',
  'unrecognised_charge',
] as const;
export type VisitorTicketModal = (typeof VISITOR_TICKET_MODALS)[number];

/**
 * The modal an article shows a visitor, chosen by the article's name (§4): its title, or for the unrecognised charge
 * also its call type (the articles titled "I don't recognise a charge on my card"). Null: the article has none.
 * "Issue not listed" is tested before "write to us": "My issue isn't listed. Write to us" is the former.
 */
export function visitorTicketModalOf(article: { title: string; call_type?: string | null }): VisitorTicketModal | null {
  const t = article.title.toLowerCase().replace(/[’']/g, "'");
  if (article.call_type === 'unrecognised_charge' || /unrecogni[sz]ed charge|recogni[sz]e a charge/.test(t))
    return 'unrecognised_charge';
  if (/lost (?:my )?phone/.test(t)) return 'lost_phone';
  if (/issue (?:isn't|is not|not) listed/.test(t)) return 'issue_not_listed';
  if (/write to us/.test(t)) return 'write_to_us';
  if (/other issue/.test(t)) return 'other_issue';
  return null;
}
