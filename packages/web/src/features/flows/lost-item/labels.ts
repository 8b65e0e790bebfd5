import { addFeatureLabels } from '../../../lib/i18n';

/** Left a belonging: the lost-item flow's labels. */
export const lostItemEn = {
  itemName: 'Item name',
  itemColor: 'Colour',
  itemBrand: 'Brand',
  itemType: 'Type',
  itemAt: 'Where in the car',
  description: 'Description',
  describeItem: 'Please describe the item',
  submit: 'Submit',
  calling: 'We are calling your driver…',
  confirmPickup: 'Confirm pick-up',
  raiseTicket: 'Raise a ticket',
  done: 'Done',
  ticketNumber: 'Ticket number: {{id}}',
  viewTickets: 'View my tickets',
  writeToUs: 'Write to us',
};

export type LostItemLabels = typeof lostItemEn;

declare module '../../../lib/i18n' {
  interface FeatureLabels {
    lostItem: LostItemLabels;
  }
}

const lostItemHi: LostItemLabels = {
  itemName: 'सामान का नाम',
  itemColor: 'रंग',
  itemBrand: 'ब्रांड',
  itemType: 'प्रकार',
  itemAt: 'कार में कहाँ',
  description: 'विवरण',
  describeItem: 'कृपया सामान का विवरण दें',
  submit: 'सबमिट करें',
  calling: 'हम आपके ड्राइवर को कॉल कर रहे हैं…',
  confirmPickup: 'पिक-अप की पुष्टि करें',
  raiseTicket: 'टिकट दर्ज करें',
  done: 'हो गया',
  ticketNumber: 'टिकट नंबर: {{id}}',
  viewTickets: 'मेरे टिकट देखें',
  writeToUs: 'हमें लिखें',
};

addFeatureLabels('lostItem', { en: lostItemEn, hi: lostItemHi });
