import { addFeatureLabels } from '../../lib/i18n';

const mailEn = {
  outbox: {
    title: 'Outbox',
    intro: 'The newest mails this demo server has sent (demo mode only).',
    refresh: 'Refresh',
    empty: 'No mail yet.',
    to: 'To',
    subject: 'Subject',
    time: 'Time',
    kind: 'Kind',
    notSent: 'Kept in the outbox',
    listLabel: 'Mails, newest first',
  },
};
export type MailLabels = typeof mailEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    mail: MailLabels;
  }
}

const mailHi: MailLabels = {
  outbox: {
    title: 'आउटबॉक्स',
    intro: 'इस डेमो सर्वर द्वारा भेजे गए नवीनतम मेल (केवल डेमो मोड में)।',
    refresh: 'रीफ़्रेश करें',
    empty: 'अभी तक कोई मेल नहीं।',
    to: 'प्रति',
    subject: 'विषय',
    time: 'समय',
    kind: 'प्रकार',
    notSent: 'आउटबॉक्स में रखा गया',
    listLabel: 'मेल, नवीनतम पहले',
  },
};

addFeatureLabels('mail', { en: mailEn, hi: mailHi });
