import { addFeatureLabels } from '../../lib/i18n';

/**
 * The spec's own texts of the one-touch screens (guided-flows.md §2–§4), exactly as the spec writes them.
 * They stay English in every locale until translated ones are written.
 */
const specTexts = {
  refundTitle: 'How would you like to have your refund processed?',
  back: 'BACK',
  invalidEmail: 'Please Enter A Valid Email',
};

/** The one-touch feature's own labels. */
const ownEn = {
  panel: {
    chooseRide: 'Choose the ride this is about',
    submitRequest: 'Submit request',
    kycDone: 'Your wallet choice was recorded. Complete your KYC in the app to receive the refund in your wallet.',
  },
  refund: {
    voucher: 'Voucher',
    voucherHelp: 'Processed instantly',
    neft: 'NEFT',
    neftHelp: 'Takes 7-10 business days',
    wallet: 'Wallet',
    submit: 'Submit',
  },
  invoice: {
    email: 'E-mail',
    send: 'Send',
  },
  updateEmail: {
    current: 'Current e-mail',
    new: 'New e-mail',
    submit: 'Submit',
  },
  result: {
    callUs: 'Call us',
    writeToUs: 'Write to us',
    chatWithUs: 'Chat with us',
    mapAlt: 'Map of the ride from pickup to drop',
    distance: 'Distance: {{distance}}',
  },
  bill: {
    caption: 'Your bill',
    line: {
      base_fare: 'Base fare',
      distance: 'Distance',
      distanceKm: 'Distance ({{km}} km)',
      peak: 'Peak-time charge',
      waiting: 'Waiting',
      waitingMinutes: 'Waiting ({{minutes}} min)',
      toll: 'Toll and parking',
      cancellation_fee: 'Cancellation fee',
      taxes: 'Taxes',
      adjustment: 'Adjustment',
    },
    total: 'Total',
    estimate: 'Estimate at booking',
    charged: 'Distance charged',
    route: 'Route on the map',
    rideTime: 'Ride time',
    km: '{{km}} km',
    minutes: '{{minutes}} min',
    none: 'This ride has no bill.',
    loadFailed: "We couldn't load the bill of this ride.",
    tryAgain: 'Try again',
  },
  dispute: {
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
  },
  invoiceConfirm: {
    title: 'Receive your invoice',
    text: 'Someone asked us to send an invoice to this e-mail address. If you expect it, send it now.',
    send: 'Send the invoice',
    badLink: 'This link is incomplete. Please open it again from the e-mail.',
    home: 'Go to the help centre',
  },
};

export const oneTouchEn = { text: specTexts, ...ownEn };
export type OneTouchLabels = typeof oneTouchEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    onetouch: OneTouchLabels;
  }
}

/** Hindi for our own labels; the spec's texts fall back to English. */
const oneTouchHi: typeof ownEn = {
  panel: {
    chooseRide: 'वह राइड चुनें जिसके बारे में यह है',
    submitRequest: 'अनुरोध सबमिट करें',
    kycDone: 'आपका वॉलेट विकल्प दर्ज कर लिया गया है। वॉलेट में रिफ़ंड पाने के लिए ऐप में अपना KYC पूरा करें।',
  },
  refund: {
    voucher: 'वाउचर',
    voucherHelp: 'तुरंत प्रोसेस होता है',
    neft: 'NEFT',
    neftHelp: '7-10 कार्यदिवस लगते हैं',
    wallet: 'वॉलेट',
    submit: 'सबमिट करें',
  },
  invoice: {
    email: 'ई-मेल',
    send: 'भेजें',
  },
  updateEmail: {
    current: 'मौजूदा ई-मेल',
    new: 'नया ई-मेल',
    submit: 'सबमिट करें',
  },
  result: {
    callUs: 'हमें कॉल करें',
    writeToUs: 'हमें लिखें',
    chatWithUs: 'हमसे चैट करें',
    mapAlt: 'पिक-अप से ड्रॉप तक राइड का नक्शा',
    distance: 'दूरी: {{distance}}',
  },
  bill: {
    caption: 'आपका बिल',
    line: {
      base_fare: 'बेस किराया',
      distance: 'दूरी',
      distanceKm: 'दूरी ({{km}} किमी)',
      peak: 'पीक-टाइम शुल्क',
      waiting: 'प्रतीक्षा',
      waitingMinutes: 'प्रतीक्षा ({{minutes}} मिनट)',
      toll: 'टोल और पार्किंग',
      cancellation_fee: 'रद्दीकरण शुल्क',
      taxes: 'कर',
      adjustment: 'समायोजन',
    },
    total: 'कुल',
    estimate: 'बुकिंग के समय अनुमान',
    charged: 'ली गई दूरी',
    route: 'नक्शे पर रास्ता',
    rideTime: 'राइड का समय',
    km: '{{km}} किमी',
    minutes: '{{minutes}} मिनट',
    none: 'इस राइड का कोई बिल नहीं है।',
    loadFailed: 'हम इस राइड का बिल लोड नहीं कर सके।',
    tryAgain: 'फिर से कोशिश करें',
  },
  dispute: {
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
  },
  invoiceConfirm: {
    title: 'अपना इनवॉइस पाएँ',
    text: 'किसी ने इस ई-मेल पते पर इनवॉइस भेजने के लिए कहा है। अगर आप इसकी उम्मीद कर रहे हैं, तो इसे अभी भेजें।',
    send: 'इनवॉइस भेजें',
    badLink: 'यह लिंक अधूरा है। कृपया इसे ई-मेल से फिर से खोलें।',
    home: 'हेल्प सेंटर पर जाएँ',
  },
};

addFeatureLabels('onetouch', { en: oneTouchEn, hi: oneTouchHi });
