import type { Kysely } from 'kysely';

/**
 * Canned replies (issue 21 item 2; docs/agent.md "Tickets"): short answers an agent picks and edits before sending,
 * one list per language (the rider's). A few are seeded in every language here so each console starts with them;
 * admins add, edit and delete them through the API. `created_by` is null for the seeded ones.
 */
const seeded: Record<string, [string, string, string][]> = {
  en: [
    [
      'greeting',
      'Looking into it',
      'Thank you for writing to us. We are looking into your request and will get back to you shortly.',
    ],
    [
      'more_info',
      'Need more details',
      'Could you please share a few more details (the date and time of the ride, and what happened) so that we can help you faster?',
    ],
    [
      'resolved',
      'Resolved',
      'We have resolved this for you. If anything is still not right, just reply to this message.',
    ],
  ],
  hi: [
    ['greeting', 'जाँच जारी है', 'हमें लिखने के लिए धन्यवाद। हम आपके अनुरोध की जाँच कर रहे हैं और जल्द ही आपको जवाब देंगे।'],
    [
      'more_info',
      'और जानकारी चाहिए',
      'कृपया कुछ और जानकारी (राइड की तारीख़ और समय, और क्या हुआ) साझा करें, ताकि हम आपकी जल्दी मदद कर सकें।',
    ],
    ['resolved', 'हल हो गया', 'हमने आपकी समस्या हल कर दी है। अगर अब भी कुछ ठीक नहीं है, तो बस इस संदेश का जवाब दें।'],
  ],
  kn: [
    ['greeting', 'ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ', 'ನಮಗೆ ಬರೆದದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು. ನಿಮ್ಮ ವಿನಂತಿಯನ್ನು ಪರಿಶೀಲಿಸುತ್ತಿದ್ದೇವೆ, ಶೀಘ್ರದಲ್ಲೇ ನಿಮಗೆ ಉತ್ತರಿಸುತ್ತೇವೆ.'],
    ['more_info', 'ಹೆಚ್ಚಿನ ವಿವರಗಳು ಬೇಕು', 'ನಿಮಗೆ ಬೇಗ ಸಹಾಯ ಮಾಡಲು, ದಯವಿಟ್ಟು ಇನ್ನಷ್ಟು ವಿವರಗಳನ್ನು (ರೈಡ್‌ನ ದಿನಾಂಕ ಮತ್ತು ಸಮಯ, ಏನಾಯಿತು) ಹಂಚಿಕೊಳ್ಳಿ.'],
    ['resolved', 'ಪರಿಹರಿಸಲಾಗಿದೆ', 'ನಿಮ್ಮ ಸಮಸ್ಯೆಯನ್ನು ಪರಿಹರಿಸಿದ್ದೇವೆ. ಇನ್ನೂ ಏನಾದರೂ ಸರಿಯಿಲ್ಲದಿದ್ದರೆ, ಈ ಸಂದೇಶಕ್ಕೆ ಉತ್ತರಿಸಿ.'],
  ],
  ta: [
    [
      'greeting',
      'பார்த்துக்கொண்டிருக்கிறோம்',
      'எங்களுக்கு எழுதியதற்கு நன்றி. உங்கள் கோரிக்கையைப் பார்த்துக்கொண்டிருக்கிறோம், விரைவில் பதில் அளிப்போம்.',
    ],
    [
      'more_info',
      'கூடுதல் விவரங்கள் தேவை',
      'உங்களுக்கு விரைவாக உதவ, தயவுசெய்து இன்னும் சில விவரங்களை (பயணத்தின் தேதி, நேரம், என்ன நடந்தது) பகிருங்கள்.',
    ],
    [
      'resolved',
      'தீர்க்கப்பட்டது',
      'உங்கள் பிரச்சினையைத் தீர்த்துவிட்டோம். இன்னும் ஏதாவது சரியில்லை என்றால், இந்தச் செய்திக்குப் பதில் அளியுங்கள்.',
    ],
  ],
  te: [
    ['greeting', 'పరిశీలిస్తున్నాం', 'మాకు రాసినందుకు ధన్యవాదాలు. మీ అభ్యర్థనను పరిశీలిస్తున్నాం, త్వరలోనే మీకు సమాధానం ఇస్తాం.'],
    ['more_info', 'మరిన్ని వివరాలు కావాలి', 'మీకు త్వరగా సహాయం చేయడానికి, దయచేసి మరికొన్ని వివరాలు (రైడ్ తేదీ, సమయం, ఏమి జరిగింది) పంచుకోండి.'],
    ['resolved', 'పరిష్కరించాం', 'మీ సమస్యను పరిష్కరించాం. ఇంకా ఏదైనా సరిగా లేకపోతే, ఈ సందేశానికి జవాబు ఇవ్వండి.'],
  ],
  fr: [
    [
      'greeting',
      'En cours d’examen',
      'Merci de nous avoir écrit. Nous examinons votre demande et revenons vers vous très vite.',
    ],
    [
      'more_info',
      'Plus de détails',
      'Pourriez-vous nous donner quelques détails de plus (la date et l’heure de la course, et ce qui s’est passé) afin que nous puissions vous aider plus vite ?',
    ],
    [
      'resolved',
      'Résolu',
      'Nous avons résolu le problème. Si quelque chose ne va toujours pas, répondez simplement à ce message.',
    ],
  ],
  nl: [
    ['greeting', 'We kijken ernaar', 'Bedankt voor uw bericht. We bekijken uw verzoek en komen snel bij u terug.'],
    [
      'more_info',
      'Meer details nodig',
      'Kunt u ons wat meer details geven (de datum en tijd van de rit, en wat er gebeurde), zodat we u sneller kunnen helpen?',
    ],
    [
      'resolved',
      'Opgelost',
      'We hebben dit voor u opgelost. Klopt er toch nog iets niet? Antwoord dan gewoon op dit bericht.',
    ],
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('canned_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** a supported locale: the rider's language the reply is written in */
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('canned_replies_language').on('canned_replies').columns(['language', 'title']).execute();
  const now = new Date().toISOString();
  const rows = Object.entries(seeded).flatMap(([language, list]) =>
    list.map(([key, title, body]) => ({
      id: `cr_${language}_${key}`,
      language,
      title,
      body,
      created_by: null,
      created_at: now,
      updated_at: now,
    })),
  );
  await db.insertInto('canned_replies').values(rows).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('canned_replies').execute();
}
