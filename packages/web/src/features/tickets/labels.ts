import { addFeatureLabels } from '../../lib/i18n';

/** The tickets feature's own labels (the spec's texts are the contract's catalogue, by code). */
const ownEn = {
  form: {
    heading: 'Write to us',
    emailLabel: 'E-mail address',
    descriptionLabel: 'Describe your issue',
    descriptionOptional: 'Describe your issue (optional)',
    descriptionHint: 'Letters, digits and spaces only; at least {{min}} characters.',
    imagesLabel: 'Photos or screenshots',
    imagesRequired: 'Photos or screenshots (at least one)',
    imagesHint: 'Up to {{max}} images: JPG, PNG, GIF or SVG, at most {{size}} MB each.',
    addImages: 'Add images',
    uploading: 'Uploading… {{percent}}%',
    uploaded: 'Uploaded',
    removeImage: 'Remove {{name}}',
    imageAlt: 'Your image {{name}}',
    itemsLabel: 'Which products are affected?',
    quantityFor: 'Quantity of {{name}}',
    ordered: 'Ordered: {{n}}',
    submit: 'Submit',
    submitting: 'Submitting…',
    waitForUploads: 'Please wait until your images are uploaded.',
    ticketNumber: 'Ticket number: {{id}}',
    goHome: 'Go to Support home',
    viewTickets: 'See my tickets',
    redirecting: 'Taking you home…',
    loginToWrite: 'Sign in to write to us about this.',
    loginAction: 'Sign in',
  },
  writeToUs: {
    title: 'Write to us',
    chooseLegend: 'What is your issue about?',
    chooseBooking: 'Choose a booking',
    chooseBookingText: 'Pick the ride in your bookings, then choose what went wrong.',
  },
  success: {
    title: 'Request received',
    selfServe: 'Back to the help centre',
    main: 'Help with your bookings',
    home: 'Home',
  },
  verify: {
    title: 'Verify your e-mail address',
    text: 'Before we can take your request, please verify your e-mail address.',
    textEmail: 'Before we can take your request, please verify your e-mail address {{email}}.',
    how: 'Open the verification link we sent to your mailbox, then come back and submit your request again.',
    back: 'Back to your request',
    home: 'Go to Support home',
  },
  list: {
    title: 'My tickets',
    latest: 'Your latest request',
    open: 'Open requests',
    history: 'Support history',
    noOpen: 'You have no open requests.',
    noHistory: 'No resolved requests yet.',
    none: 'You have not written to us yet.',
    writeToUs: 'Write to us',
    ticketId: 'Ticket #{{id}}',
    raised: 'Raised {{date}}',
    updated: 'Updated {{date}}',
    badge: { Open: 'Open', Resolved: 'Resolved' },
    latestMark: 'Latest',
    showMore: 'Show more',
    loadingMore: 'Loading…',
    moreFailed: 'Your older requests could not be loaded. Please try again.',
  },
};

export const ticketsEn = ownEn;
export type TicketLabels = typeof ticketsEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    tickets: TicketLabels;
  }
}

/** Hindi for our own labels. */
const ticketsHi: typeof ownEn = {
  form: {
    heading: 'हमें लिखें',
    emailLabel: 'ई-मेल पता',
    descriptionLabel: 'अपनी समस्या बताएँ',
    descriptionOptional: 'अपनी समस्या बताएँ (वैकल्पिक)',
    descriptionHint: 'केवल अक्षर, अंक और रिक्त स्थान; कम से कम {{min}} अक्षर।',
    imagesLabel: 'फ़ोटो या स्क्रीनशॉट',
    imagesRequired: 'फ़ोटो या स्क्रीनशॉट (कम से कम एक)',
    imagesHint: 'अधिकतम {{max}} चित्र: JPG, PNG, GIF या SVG, हर एक अधिकतम {{size}} MB।',
    addImages: 'चित्र जोड़ें',
    uploading: 'अपलोड हो रहा है… {{percent}}%',
    uploaded: 'अपलोड हो गया',
    removeImage: '{{name}} हटाएँ',
    imageAlt: 'आपका चित्र {{name}}',
    itemsLabel: 'कौन से उत्पाद प्रभावित हैं?',
    quantityFor: '{{name}} की मात्रा',
    ordered: 'ऑर्डर किए गए: {{n}}',
    submit: 'सबमिट करें',
    submitting: 'सबमिट हो रहा है…',
    waitForUploads: 'कृपया चित्रों के अपलोड होने तक प्रतीक्षा करें।',
    ticketNumber: 'टिकट नंबर: {{id}}',
    goHome: 'सहायता होम पर जाएँ',
    viewTickets: 'मेरे टिकट देखें',
    redirecting: 'आपको होम पर ले जा रहे हैं…',
    loginToWrite: 'इस बारे में हमें लिखने के लिए साइन इन करें।',
    loginAction: 'साइन इन करें',
  },
  writeToUs: {
    title: 'हमें लिखें',
    chooseLegend: 'आपकी समस्या किस बारे में है?',
    chooseBooking: 'बुकिंग चुनें',
    chooseBookingText: 'अपनी बुकिंग में से राइड चुनें, फिर बताएँ कि क्या गलत हुआ।',
  },
  success: {
    title: 'अनुरोध प्राप्त हुआ',
    selfServe: 'सहायता केंद्र पर वापस',
    main: 'अपनी बुकिंग के लिए मदद',
    home: 'होम',
  },
  verify: {
    title: 'अपना ई-मेल पता सत्यापित करें',
    text: 'आपका अनुरोध लेने से पहले, कृपया अपना ई-मेल पता सत्यापित करें।',
    textEmail: 'आपका अनुरोध लेने से पहले, कृपया अपना ई-मेल पता {{email}} सत्यापित करें।',
    how: 'हमारे द्वारा आपके मेलबॉक्स में भेजा गया सत्यापन लिंक खोलें, फिर वापस आकर अपना अनुरोध दोबारा सबमिट करें।',
    back: 'अपने अनुरोध पर वापस जाएँ',
    home: 'सहायता होम पर जाएँ',
  },
  list: {
    title: 'मेरे टिकट',
    latest: 'आपका नवीनतम अनुरोध',
    open: 'खुले अनुरोध',
    history: 'सहायता इतिहास',
    noOpen: 'आपका कोई खुला अनुरोध नहीं है।',
    noHistory: 'अभी तक कोई हल किया गया अनुरोध नहीं।',
    none: 'आपने अभी तक हमें नहीं लिखा है।',
    writeToUs: 'हमें लिखें',
    ticketId: 'टिकट #{{id}}',
    raised: '{{date}} को दर्ज',
    updated: '{{date}} को अपडेट',
    badge: { Open: 'खुला', Resolved: 'हल हो गया' },
    latestMark: 'नवीनतम',
    showMore: 'और दिखाएँ',
    loadingMore: 'लोड हो रहा है…',
    moreFailed: 'आपके पुराने अनुरोध लोड नहीं हो सके। कृपया फिर से कोशिश करें।',
  },
};

addFeatureLabels('tickets', { en: ticketsEn, hi: ticketsHi });
