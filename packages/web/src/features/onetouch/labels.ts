import { addFeatureLabels } from '../../lib/i18n';

/** The one-touch feature's own labels. */
const ownEn = {
  panel: {
    submitRequest: 'Submit request',
    sending: 'Sending your request…',
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
  invoiceConfirm: {
    title: 'Receive your invoice',
    text: 'Someone asked us to send an invoice to this e-mail address. If you expect it, send it now.',
    send: 'Send the invoice',
    badLink: 'This link is incomplete. Please open it again from the e-mail.',
    home: 'Go to the help centre',
  },
};

export const oneTouchEn = ownEn;
export type OneTouchLabels = typeof oneTouchEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    onetouch: OneTouchLabels;
  }
}

/** Hindi for our own labels (the spec's texts are the contract's catalogue, by code). */
const oneTouchHi: typeof ownEn = {
  panel: {
    submitRequest: 'अनुरोध सबमिट करें',
    sending: 'आपका अनुरोध भेजा जा रहा है…',
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
  invoiceConfirm: {
    title: 'अपना इनवॉइस पाएँ',
    text: 'किसी ने इस ई-मेल पते पर इनवॉइस भेजने के लिए कहा है। अगर आप इसकी उम्मीद कर रहे हैं, तो इसे अभी भेजें।',
    send: 'इनवॉइस भेजें',
    badLink: 'यह लिंक अधूरा है। कृपया इसे ई-मेल से फिर से खोलें।',
    home: 'हेल्प सेंटर पर जाएँ',
  },
};

addFeatureLabels('onetouch', { en: oneTouchEn, hi: oneTouchHi });
