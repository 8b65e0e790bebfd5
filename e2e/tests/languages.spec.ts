import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiPaths, LANGUAGE_COOKIE, languageNames, routes } from '@selfserve/contract';
import en from '@selfserve/contract/locales/en.json' with { type: 'json' };
import hi from '@selfserve/contract/locales/hi.json' with { type: 'json' };
import ta from '@selfserve/contract/locales/ta.json' with { type: 'json' };
import { test } from './fixtures.ts';
import { allListedBookings, csrfHeader, signIn } from './support.ts';

// The seven languages in the browser (docs/i18n.md): every expected text is read from the locale files and the
// translated knowledge base, never written here.

const ramesh = 'ramesh.driver@example.in';
const riya = 'riya.customer@example.in';

/** The `title` of a knowledge-base file's front matter (content/kb or content/kb-i18n). */
function contentTitle(relative: string): string {
  const text = fs.readFileSync(new URL(`../../content/${relative}`, import.meta.url), 'utf8');
  const title = /^title:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? '';
  return title.replace(/^"(.*)"$/, '$1');
}

/** A label with its {name} placeholders filled. */
function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/**
 * Latin-script words kept on purpose in every language: the brand, the product names the content keeps in Latin
 * script (content/kb-i18n/README.md), the booking id label, and the picker's language names (each in its own
 * script, English and Français and Nederlands included).
 */
const KEPT_LATIN = [
  'Selfserve',
  'OTP',
  'Select',
  'Prime',
  'Mini',
  'UPI',
  'NEFT',
  'KYC',
  'GST',
  'SOS',
  'CRN',
  ...Object.values(languageNames),
];

/** The English-looking words (3+ Latin letters) left in `text` once the allowed strings and e-mails are taken out. */
function englishWords(text: string, allow: readonly string[] = []): string[] {
  let rest = text;
  for (const kept of [...KEPT_LATIN, ...allow].filter(Boolean).sort((a, b) => b.length - a.length))
    rest = rest.split(kept).join(' ');
  rest = rest.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  return [...new Set(rest.match(/[A-Za-z]{3,}/g) ?? [])];
}

/** The document's title, then the visible text of the header, the main content and any open dialog. */
async function visibleText(page: Page): Promise<string> {
  const texts = await page.locator('header, main, [role="dialog"]').allInnerTexts();
  return [await page.title(), ...texts].join('\n');
}

/** The lines of `scope` that still hold English words, for the report (content that is not translated yet). */
async function englishLines(scope: Locator, allow: readonly string[] = []): Promise<string[]> {
  const text = (await scope.allInnerTexts()).join('\n');
  return text.split('\n').filter((line) => englishWords(line, allow).length > 0);
}

function note(what: string, lines: string[]) {
  if (!lines.length) return;
  const shown = lines.slice(0, 3).map((line) => line.slice(0, 80));
  const description = `${what} (${lines.length}): ${shown.join(' | ')}`;
  test.info().annotations.push({ type: 'english-left', description });
  console.log(`[english-left] ${description}`);
}

const decode = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('ramesh, a driver with a Hindi profile, gets the home, an article and the answer dialog in Hindi', async ({
  page,
}) => {
  await signIn(page, ramesh);
  const me = await (await page.request.get(apiPaths.userInfo)).json();
  const name = String(me.name);

  // Home: the profile's language wins, before the first render.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: hi.header.menu, exact: true })).toBeVisible();
  await expect(header.getByTestId('logout-button')).toHaveText(hi.header.logout);
  await expect(header.getByText(hi.header.signedInAs)).toBeVisible();
  await expect(header.getByLabel(hi.language.label, { exact: true })).toHaveValue('hi');
  await expect(header.getByRole('combobox', { name: hi.search.label, exact: true })).toHaveAttribute(
    'placeholder',
    hi.search.placeholder,
  );
  const main = page.getByRole('main');
  await expect(main.getByText(fill(hi.home.greetingNamed, { name }), { exact: true })).toBeVisible();
  await expect(main.getByText(hi.home.heading, { exact: true })).toBeVisible();
  await expect(page.getByTestId('category-list').getByRole('button').first()).toHaveText(
    contentTitle('kb/driver_in_hi/220100-earnings-and-payouts.md'),
  );
  await expect(main.getByText(hi.home.bookingsText, { exact: true })).toBeVisible();
  expect(englishWords(await visibleText(page), [name]), 'English words on the driver home').toEqual([]);

  // The driver article list.
  await page.goto('/articles');
  await expect(h1(page)).toHaveText(hi.kb.driverArticlesTitle);
  expect(englishWords(await visibleText(page), [name]), 'English words on /articles').toEqual([]);

  // A one-touch article about one of his trips: content/kb/driver_in_hi_trip/230101-fare-shown-wrong.md
  // (api_call__v3_submit: the answer opens /simple_article with its dialog). The cleaning-fee claim has a form of its
  // own (e2e/tests/driver-articles.spec.ts).
  const trip = (await allListedBookings(page.request)).find((b) => b.status.toLowerCase() === 'completed');
  expect(trip, 'a completed trip').toBeDefined();
  if (!trip) return;
  await page.goto(`/${trip.crn}/dreport/230101`);
  await expect(h1(page)).toHaveText(contentTitle('kb/driver_in_hi_trip/230101-fare-shown-wrong.md'));
  await expect(page.getByTestId('article-not-translated')).toHaveCount(0);
  await expect(main.getByRole('heading', { name: hi.kb.relatedTopics, exact: true })).toBeVisible();
  await expect(main.getByText(hi.bookings.pickup, { exact: true })).toBeVisible();
  await expect(main.getByText(hi.bookings.fare, { exact: true })).toBeVisible();
  const panel = page.getByTestId('onetouch-panel');
  const firstOption = panel.getByRole('button').first();
  await expect(firstOption).toBeVisible();
  // The trip card shows the trip's own data: its addresses and the car's product name stay as the booking has them.
  const tripData = [decode(trip.pickup_location), decode(trip.drop_location), trip.display_car_name ?? ''];
  expect(
    englishWords(await visibleText(page), [name, ...tripData, 'GPS']),
    'English words on the trip article',
  ).toEqual([]);

  await firstOption.click();
  await expect(page).toHaveURL(/\/simple_article\?id=230101$/);
  const dialog = page.getByRole('dialog', { name: hi.messages.requestReceived });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  await expect(dialog.getByTestId('onetouch-result-message')).toHaveText(hi.messages.ticketSuccess);
  await expect(dialog.getByRole('group', { name: hi.rating.question })).toBeVisible();
  await expect(dialog.getByRole('button', { name: hi.rating.good, exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: hi.rating.bad, exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(englishWords(await visibleText(page), [name, 'GPS']), 'English words with the answer dialog').toEqual([]);
});

test('a visitor switches to Tamil in the header and home, search and a missing article stay Tamil after a reload', async ({
  page,
}) => {
  await page.goto(routes.home);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const header = page.getByRole('banner');
  await header.getByLabel(en.language.label, { exact: true }).selectOption('ta');

  // Home in Tamil: the shell, the page and the home categories (content/kb-i18n/ta/customer).
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(header.getByLabel(ta.language.label, { exact: true })).toHaveValue('ta');
  await expect(header.getByTestId('login-link')).toHaveText(ta.header.login);
  await expect(header.getByRole('button', { name: ta.header.menu, exact: true })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(ta.home.heading, { exact: true })).toBeVisible();
  await expect(main.getByText(ta.home.greeting, { exact: true })).toBeVisible();
  await expect(page.getByTestId('login-prompt')).toContainText(ta.loginPrompt.text);
  const categories = page.getByTestId('category-list');
  const ridesAndFares = contentTitle('kb-i18n/ta/customer/100200-rides-and-fares.md');
  await expect(categories.getByRole('button').first()).toHaveText(ridesAndFares);
  await expect(
    categories.getByRole('button', {
      name: contentTitle('kb-i18n/ta/customer/100300-payments-and-refunds.md'),
      exact: true,
    }),
  ).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === LANGUAGE_COOKIE)?.value).toBe('ta');
  expect(englishWords((await header.allInnerTexts()).join('\n')), 'English words in the Tamil header').toEqual([]);
  await expect(main.getByText(ridesAndFares, { exact: true }).first()).toBeVisible();
  note('Tamil home (untranslated article titles)', await englishLines(main));

  // Search from the header.
  const query = 'refund';
  const box = header.getByRole('combobox', { name: ta.search.label, exact: true });
  await expect(box).toHaveAttribute('placeholder', ta.search.placeholder);
  await box.fill(query);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=refund$/);
  await expect(h1(page)).toHaveText(fill(ta.search.resultsFor, { query }));
  await expect(page).toHaveTitle(new RegExp(fill(ta.search.resultsFor, { query })));
  await expect(page.getByTestId('search-results').getByRole('listitem').first()).toBeVisible();
  const searchForm = main.getByRole('search');
  await expect(searchForm.getByRole('button', { name: ta.search.submit, exact: true })).toBeVisible();
  await expect(searchForm.getByLabel(ta.search.label, { exact: true })).toHaveValue(query);
  expect(
    englishWords((await page.locator('header, main h1, main [role="search"]').allInnerTexts()).join('\n'), [query]),
    'English words in the Tamil search page labels',
  ).toEqual([]);
  note(
    'Tamil search results (untranslated article titles and snippets)',
    await englishLines(page.getByTestId('search-results')),
  );

  // An article that does not exist.
  await page.goto('/article/999999999');
  await expect(h1(page)).toHaveText(ta.messages.articleNotFound);
  await expect(main.getByRole('link', { name: ta.common.homeLink, exact: true })).toBeVisible();
  expect(englishWords(await visibleText(page)), 'English words on the Tamil not-found page').toEqual([]);

  // The cookie keeps Tamil across a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(h1(page)).toHaveText(ta.messages.articleNotFound);
  await expect(header.getByLabel(ta.language.label, { exact: true })).toHaveValue('ta');
  await expect(header.getByTestId('login-link')).toHaveText(ta.header.login);
  expect(englishWords(await visibleText(page)), 'English words after the reload').toEqual([]);
  await page.goto(routes.home);
  await expect(main.getByText(ta.home.heading, { exact: true })).toBeVisible();
  await expect(categories.getByRole('button').first()).toHaveText(ridesAndFares);
});

test('riya switches to Hindi from the side menu: saved, the page turns Hindi, translated and untranslated articles', async ({
  page,
}) => {
  await signIn(page, riya);
  try {
    const me = await (await page.request.get(apiPaths.userInfo)).json();
    const name = String(me.name);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: en.header.menu, exact: true }).click();
    const menu = page.getByRole('navigation', { name: en.menu.label });
    await expect(menu).toBeVisible();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/v1/update_preferred_language') && r.request().method() === 'POST',
    );
    await menu.getByLabel(en.language.label, { exact: true }).selectOption('hi');
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'SUCCESS', language: 'hi' });

    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    const hindiMenu = page.getByRole('navigation', { name: hi.menu.label });
    await expect(hindiMenu.getByRole('link', { name: hi.menu.myBookings, exact: true })).toBeVisible();
    await expect(hindiMenu.getByRole('link', { name: hi.menu.myTickets, exact: true })).toBeVisible();
    await expect(hindiMenu.getByLabel(hi.language.label, { exact: true })).toHaveValue('hi');
    await expect(header.getByTestId('logout-button')).toHaveText(hi.header.logout);
    const main = page.getByRole('main');
    await expect(main.getByText(fill(hi.home.greetingNamed, { name }), { exact: true })).toBeVisible();
    await expect(main.getByText(hi.home.heading, { exact: true })).toBeVisible();
    await expect(page.getByTestId('category-list').getByRole('button').first()).toHaveText(
      contentTitle('kb-i18n/hi/customer/100200-rides-and-fares.md'),
    );
    expect(
      englishWords((await page.locator('header').allInnerTexts()).join('\n')),
      'English in header and menu',
    ).toEqual([]);
    note('Hindi home for riya (untranslated article titles)', await englishLines(main, [name]));
    await hindiMenu.getByRole('button', { name: hi.menu.close, exact: true }).click();

    // The profile keeps the choice: a fresh session answer says Hindi.
    const session = await (await page.request.get(apiPaths.session)).json();
    expect(session.language).toBe('hi');

    // A translated article: content/kb-i18n/hi/customer/100301-how-refunds-work.md.
    await page.goto('/article/100301');
    await expect(h1(page)).toHaveText(contentTitle('kb-i18n/hi/customer/100301-how-refunds-work.md'));
    await expect(page.getByTestId('article-not-translated')).toHaveCount(0);
    await expect(page.getByTestId('article-feedback').getByText(hi.kb.wasThisHelpful)).toBeVisible();
    await expect(main.getByRole('heading', { name: hi.kb.relatedTopics, exact: true })).toBeVisible();
    // The article keeps the banks' reference names in Latin script: बैंक रेफ़रेंस नंबर (RRN या ARN).
    expect(
      englishWords(await visibleText(page), [name, 'RRN', 'ARN']),
      'English words on a translated article',
    ).toEqual([]);

    // An article without a Hindi file (content/kb/customer/100203-book-for-someone-else.md): English, with the note.
    await page.goto('/article/100203');
    await expect(h1(page)).toHaveText(contentTitle('kb/customer/100203-book-for-someone-else.md'));
    await expect(h1(page)).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('article-not-translated')).toHaveText(hi.kb.notTranslated);
    await expect(main.getByRole('heading', { name: hi.kb.relatedTopics, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  } finally {
    // riya's profile is shared with the other journeys: give her English back.
    await page.request.post(apiPaths.updatePreferredLanguage, {
      data: { language: 'en' },
      headers: await csrfHeader(page.request),
    });
  }
});
