import { addFeatureLabels } from '../../lib/i18n';

/** What every one-touch form shares: the ride to choose first, and the result dialog. */
const ownEn = {
  chooseRide: 'Choose the ride this is about',
  result: {
    callUs: 'Call us',
    writeToUs: 'Write to us',
    chatWithUs: 'Chat with us',
    mapAlt: 'Map of the ride from pickup to drop',
    distance: 'Distance: {{distance}}',
  },
};

export const oneTouchSharedEn = ownEn;
export type OneTouchSharedLabels = typeof oneTouchSharedEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    oneTouchShared: OneTouchSharedLabels;
  }
}

const oneTouchSharedHi: typeof ownEn = {
  chooseRide: 'वह राइड चुनें जिसके बारे में यह है',
  result: {
    callUs: 'हमें कॉल करें',
    writeToUs: 'हमें लिखें',
    chatWithUs: 'हमसे चैट करें',
    mapAlt: 'पिक-अप से ड्रॉप तक राइड का नक्शा',
    distance: 'दूरी: {{distance}}',
  },
};

addFeatureLabels('oneTouchShared', { en: oneTouchSharedEn, hi: oneTouchSharedHi });
