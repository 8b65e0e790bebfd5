import { addFeatureLabels } from '../../lib/i18n';

/**
 * The spec's own texts of the one-touch screens (guided-flows.md §2–§4), exactly as the spec writes them.
 * They stay English in every locale until translated ones are written.
 */
const specTexts = {
  refundTitle: 'How would you like to have your refund processed?',
  back: 'BACK',
  invalidEmail: 'Please Enter A Valid Email',
  describeItem: 'Please describe the item',
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
  belonging: {
    itemName: 'Item name',
    itemColor: 'Colour',
    itemBrand: 'Brand',
    itemType: 'Type',
    itemAt: 'Where in the car',
    description: 'Description',
    submit: 'Submit',
    calling: 'We are calling your driver…',
    confirmPickup: 'Confirm pick-up',
    raiseTicket: 'Raise a ticket',
    done: 'Done',
    ticketNumber: 'Ticket number: {{id}}',
    viewTickets: 'View my tickets',
    writeToUs: 'Write to us',
  },
  result: {
    callUs: 'Call us',
    writeToUs: 'Write to us',
  },
};

export const oneTouchEn = { text: specTexts, ...ownEn };
export type OneTouchLabels = typeof oneTouchEn;

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
  belonging: {
    itemName: 'सामान का नाम',
    itemColor: 'रंग',
    itemBrand: 'ब्रांड',
    itemType: 'प्रकार',
    itemAt: 'कार में कहाँ',
    description: 'विवरण',
    submit: 'सबमिट करें',
    calling: 'हम आपके ड्राइवर को कॉल कर रहे हैं…',
    confirmPickup: 'पिक-अप की पुष्टि करें',
    raiseTicket: 'टिकट दर्ज करें',
    done: 'हो गया',
    ticketNumber: 'टिकट नंबर: {{id}}',
    viewTickets: 'मेरे टिकट देखें',
    writeToUs: 'हमें लिखें',
  },
  result: {
    callUs: 'हमें कॉल करें',
    writeToUs: 'हमें लिखें',
  },
};

addFeatureLabels('onetouch', { en: oneTouchEn, hi: oneTouchHi });
