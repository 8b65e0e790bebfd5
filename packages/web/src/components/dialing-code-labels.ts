import { addFeatureLabels } from '../lib/i18n';

/** The dialing-code field's labels (components/dialing-code-field.tsx). */
const dialingCodeEn = {
  label: 'Dialing code',
  choose: 'Choose a dialing code',
  unavailable: 'The list of dialing codes could not be loaded',
  option: '{{name}} ({{code}})',
};
export type DialingCodeLabels = typeof dialingCodeEn;

declare module '../lib/i18n' {
  interface FeatureLabels {
    dialingCode: DialingCodeLabels;
  }
}

const dialingCodeHi: DialingCodeLabels = {
  label: 'डायलिंग कोड',
  choose: 'डायलिंग कोड चुनें',
  unavailable: 'डायलिंग कोड की सूची लोड नहीं हो सकी',
  option: '{{name}} ({{code}})',
};

addFeatureLabels('dialingCode', { en: dialingCodeEn, hi: dialingCodeHi });
