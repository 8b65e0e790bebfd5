import { csatReasons } from '@selfserve/contract';
import { addFeatureLabels } from '../../lib/i18n';

const reasonTexts = Object.fromEntries(csatReasons.map((r) => [r.key, r.text])) as Record<
  (typeof csatReasons)[number]['key'],
  string
>;

/** The ticket rating's labels (the reasons are the contract's texts). */
export const ratingEn = {
  question: 'How was our support?',
  good: 'Good',
  bad: 'Bad',
  reasonsLegend: 'What went wrong?',
  reasons: reasonTexts,
  comment: 'Tell us more (optional)',
  submit: 'Submit rating',
  sending: 'Sending…',
  thanks: 'Thank you for your feedback!',
  rated: 'You rated this request.',
};
export type RatingLabels = typeof ratingEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    rating: RatingLabels;
  }
}

const ratingHi: RatingLabels = {
  question: 'हमारी सहायता कैसी रही?',
  good: 'अच्छी',
  bad: 'खराब',
  reasonsLegend: 'क्या गलत हुआ?',
  reasons: { too_slow: 'बहुत धीमी', not_resolved: 'हल नहीं हुई', rude_or_unhelpful: 'रूखी या बेकार', other: 'अन्य' },
  comment: 'और बताएँ (वैकल्पिक)',
  submit: 'रेटिंग भेजें',
  sending: 'भेजा जा रहा है…',
  thanks: 'आपकी प्रतिक्रिया के लिए धन्यवाद!',
  rated: 'आपने इस अनुरोध को रेटिंग दी है।',
};

addFeatureLabels('rating', { en: ratingEn, hi: ratingHi });
