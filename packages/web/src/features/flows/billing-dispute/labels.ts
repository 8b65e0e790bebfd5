import { addFeatureLabels } from '../../../lib/i18n';

/** The billing dispute form's labels. */
export const billingDisputeEn = {
  looksRight: 'This bill looks right',
  dispute: 'Dispute this bill',
  thanks: 'Thank you for checking your bill.',
  reason: 'What went wrong?',
  lines: 'Which lines look wrong?',
  linesHint: 'Leave them all unticked to dispute the whole bill.',
  comment: 'Anything else we should know? (optional)',
  submit: 'Submit',
  adjusted: 'We checked this bill and added {{amount}} to your wallet.',
  review: 'We are checking this bill and will reply by e-mail.',
  reviewTicket: 'We are checking this bill (ticket {{id}}) and will reply by e-mail.',
};
export type BillingDisputeLabels = typeof billingDisputeEn;

declare module '../../../lib/i18n' {
  interface FeatureLabels {
    billingDispute: BillingDisputeLabels;
  }
}

const billingDisputeHi: BillingDisputeLabels = {
  looksRight: 'यह बिल सही लगता है',
  dispute: 'इस बिल पर आपत्ति करें',
  thanks: 'अपना बिल जाँचने के लिए धन्यवाद।',
  reason: 'क्या गलत हुआ?',
  lines: 'कौन-सी पंक्तियाँ गलत लगती हैं?',
  linesHint: 'पूरे बिल पर आपत्ति के लिए सभी को खाली छोड़ दें।',
  comment: 'कुछ और जो हमें जानना चाहिए? (वैकल्पिक)',
  submit: 'सबमिट करें',
  adjusted: 'हमने यह बिल जाँचा और {{amount}} आपके वॉलेट में जोड़ दिए।',
  review: 'हम यह बिल जाँच रहे हैं और ई-मेल से जवाब देंगे।',
  reviewTicket: 'हम यह बिल जाँच रहे हैं (टिकट {{id}}) और ई-मेल से जवाब देंगे।',
};

addFeatureLabels('billingDispute', { en: billingDisputeEn, hi: billingDisputeHi });
