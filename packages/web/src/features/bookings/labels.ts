import { addFeatureLabels } from '../../lib/i18n';

/** The booking pages' own labels (the spec's texts are the contract's catalogue, by code). */
const bookingPagesEn = {
  refused: {
    instead: 'You can still get help: the help topics on the home page are written for you, and you can write to us.',
    helpTopics: 'See help topics',
    writeToUs: 'Write to us',
  },
  contact: {
    label: 'Contact us about this booking',
  },
  invoices: {
    title: 'Your invoices',
    intro: 'Invoices of your completed rides. Choose a ride to get its invoice by e-mail.',
    listLabel: 'Completed rides',
    emailLabel: 'Send the invoice to',
    send: 'E-mail the invoice',
    sending: 'Sending…',
    getInvoice: 'Get the invoice of ride {{ride}}',
    cancel: 'Cancel',
    empty: 'You have no completed rides yet. Invoices appear here once a ride is completed.',
  },
};
export type BookingPagesLabels = typeof bookingPagesEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    bookingPages: BookingPagesLabels;
  }
}

const bookingPagesHi: BookingPagesLabels = {
  refused: {
    instead: 'आप अब भी मदद पा सकते हैं: होम पेज के सहायता विषय आपके लिए लिखे गए हैं, और आप हमें लिख सकते हैं।',
    helpTopics: 'सहायता विषय देखें',
    writeToUs: 'हमें लिखें',
  },
  contact: {
    label: 'इस बुकिंग के बारे में हमसे संपर्क करें',
  },
  invoices: {
    title: 'आपके इनवॉइस',
    intro: 'आपकी पूरी हो चुकी राइड के इनवॉइस। इनवॉइस ई-मेल पर पाने के लिए राइड चुनें।',
    listLabel: 'पूरी हो चुकी राइड',
    emailLabel: 'इनवॉइस इस पते पर भेजें',
    send: 'इनवॉइस ई-मेल करें',
    sending: 'भेजा जा रहा है…',
    getInvoice: 'राइड {{ride}} का इनवॉइस पाएँ',
    cancel: 'रद्द करें',
    empty: 'अभी तक आपकी कोई राइड पूरी नहीं हुई है। राइड पूरी होने पर उसका इनवॉइस यहाँ दिखेगा।',
  },
};

addFeatureLabels('bookingPages', { en: bookingPagesEn, hi: bookingPagesHi });
