import type { Locator, Page } from '@playwright/test';
import { routes } from '@selfserve/contract';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { allListedBookings } from './support.ts';

/*
 * Keyboard only (issue 14): these journeys never use the mouse — no click(), no fill(), no check() — only
 * page.keyboard. Every page they reach is scanned by axe-core (0 violations of any impact).
 */

const riya = 'riya.customer@example.in';

// The page's objects, typed just enough (the e2e project compiles without the DOM library).
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
interface El {
  ownerDocument: Doc;
  contains(other: unknown): boolean;
  getBoundingClientRect(): Box;
  classList: { contains(name: string): boolean };
  outerHTML: string;
}
interface Doc {
  activeElement: El | null;
  body: El;
  querySelector(selector: string): El | null;
}

/** Whether `target` has the focus. */
const focused = (target: Locator) =>
  target
    .evaluate((el) => {
      const e = el as unknown as El;
      return e === e.ownerDocument.activeElement;
    })
    .catch(() => false);

/** Whether the focus is inside `container`. */
const focusInside = (container: Locator) =>
  container.evaluate((el) => {
    const e = el as unknown as El;
    return e.contains(e.ownerDocument.activeElement);
  });

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}) {
  await expect(target).toBeAttached();
  for (let i = 0; i < max; i++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await focused(target), `reached ${target} with the keyboard in ${max} presses`).toBe(true);
}

/** The new page's main heading has the focus (issue 14: focus moves to it after every navigation). */
async function expectHeadingFocused(page: Page, name?: string | RegExp) {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1, ...(name ? { name } : {}) });
  await expect(h1).toBeFocused();
}

/** Signs in with the keyboard through the demo accounts on /login. */
async function signInWithKeyboard(page: Page, email: string) {
  await page.goto(routes.login);
  await tabTo(page, page.getByTestId(`demo-login-${email}`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('banner').getByTestId('header-email')).toHaveText(email);
}

test('a visitor goes home → search → article with the keyboard alone', async ({ page }) => {
  await page.goto(routes.home);
  // The first load leaves focus alone: the skip link is the first stop.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search help articles' });
  await tabTo(page, box);
  await page.keyboard.type('refund');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=refund$/);
  await expectHeadingFocused(page, /refund/);
  await expectNoAxeViolations(page);

  const first = page.getByTestId('search-results').getByRole('link').first();
  const title = (await first.textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/article\/\d+$/);
  await expectHeadingFocused(page, title);
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expectNoAxeViolations(page);
});

test('riya signs in, chooses a ride, an issue, and rates the one-touch answer — keyboard only', async ({ page }) => {
  const charged = async () =>
    (await allListedBookings(page.request)).filter((b) => b.context === 'rides_Cancelled_Charged').map((b) => b.crn);

  await signInWithKeyboard(page, riya);
  const crns = await charged();
  expect(crns.length, 'cancelled-and-charged rides in the demo data').toBeGreaterThan(0);

  // The side menu: a modal (focus inside, Tab stays there), then My Bookings.
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Side menu' });
  await expect(menu).toBeVisible();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(menu)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, menu.getByRole('link', { name: 'My Bookings' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bookings/);
  await expectHeadingFocused(page);
  await expectNoAxeViolations(page);

  // A cancelled ride with a fee, the last of riya's (the one-touch spec uses the first ones).
  const cards = page.getByTestId('booking-card');
  await expect(cards.first()).toBeVisible();
  const shown = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-crn')));
  const crn = [...crns].reverse().find((c) => shown.includes(c));
  expect(crn, 'a cancelled-and-charged ride on the first page of My Bookings').toBeDefined();
  await tabTo(page, page.locator(`[data-testid="booking-card"][data-crn="${crn}"] [data-testid="booking-card-link"]`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/bdetails/${crn}$`));
  await expectHeadingFocused(page);
  await expectNoAxeViolations(page);

  // The issue: a category, then the article with the one-touch form.
  await tabTo(page, page.getByTestId('category-list').getByRole('button', { name: 'Cancellation fee charged' }));
  await page.keyboard.press('Enter');
  const article = page.getByTestId('category-children').getByRole('link', {
    name: 'I was charged a cancellation fee unfairly',
  });
  await tabTo(page, article);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${crn}/dreport/101101$`));
  await expectHeadingFocused(page);
  await expectNoAxeViolations(page);

  const panel = page.getByTestId('cancellation-fee');
  await tabTo(page, panel.getByRole('button', { name: 'Refund the cancellation fee' }));
  await page.keyboard.press('Enter');
  await tabTo(page, panel.getByRole('button', { name: 'The driver was not moving towards me' }));
  await page.keyboard.press('Enter');
  const neft = panel.getByRole('radio', { name: /NEFT/ });
  await tabTo(page, panel.getByRole('radio').first());
  // Arrow keys move through a radio group; Space selects.
  for (let i = 0; i < 6 && !(await focused(neft)); i++) await page.keyboard.press('ArrowDown');
  await expect(neft).toBeFocused();
  await page.keyboard.press('Space');
  await expect(neft).toBeChecked();
  const submit = panel.getByRole('button', { name: 'Submit' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  // The result: a modal dialog with the focus on its heading; Tab never leaves it.
  const dialog = page.getByRole('dialog', { name: /Refund initiated|Request (already )?received/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading').first()).toBeFocused();
  await expectNoAxeViolations(page);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog)).toBe(true);
  }

  // Rate the answer Good, hear the thanks inside the dialog, then Escape closes it.
  const good = dialog.getByRole('button', { name: 'Good', exact: true });
  await tabTo(page, good);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /thank/i })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus is back in the one-touch panel, not lost on <body>.
  expect(await focusInside(panel)).toBe(true);
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header never covers a focused control on /tickets, and hides while scrolling down', async ({ page }) => {
    await signInWithKeyboard(page, riya);
    await page.goto(routes.tickets);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.getByRole('banner');
    const height = (await header.boundingBox())?.height ?? 0;
    // The signed-in phone header was 197 px (23% of the screen).
    expect(height).toBeLessThan(120);

    const covered = () =>
      page.evaluate(() => {
        const doc = (globalThis as unknown as { document: Doc }).document;
        const el = doc.activeElement;
        const banner = doc.querySelector('header.site-header');
        if (!el || el === doc.body || !banner || banner.contains(el) || el.classList.contains('skip-link')) {
          return null;
        }
        const a = el.getBoundingClientRect();
        const b = banner.getBoundingClientRect();
        const overlap = a.top < b.bottom && a.bottom > b.top && a.left < b.right && a.right > b.left;
        return overlap ? `${el.outerHTML.slice(0, 120)} at ${Math.round(a.top)} under the header (to ${b.bottom})` : '';
      });

    let seen = 0;
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const where = await covered();
      if (where === null) continue;
      seen += 1;
      // The header slides away (0.2 s) while the page scrolls down: give it that time.
      await expect.poll(covered, { timeout: 2000 }).toBe('');
    }
    expect(seen, 'focusable controls reached on /tickets').toBeGreaterThan(5);
    // And back up with Shift+Tab: the header returns, still clear of the control.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Shift+Tab');
      if ((await covered()) === null) continue;
      await expect.poll(covered, { timeout: 2000 }).toBe('');
    }

    // Scrolling down hides the header; scrolling up brings it back. Focus first leaves the header (the Shift+Tab walk
    // may end in it), as the header stays while the reader is inside it.
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.evaluate('window.scrollTo(0, 0)');
    await expect.poll(async () => (await header.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await page.evaluate('window.scrollBy(0, 600)');
    await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThanOrEqual(-height + 1);
    await page.evaluate('window.scrollBy(0, -200)');
    await expect.poll(async () => (await header.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  });
});

test('the signed-in desktop header is one row at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithKeyboard(page, riya);
  const header = page.getByRole('banner');
  const bar = await header.boundingBox();
  // One row: the 44 px controls and the bar's padding (two rows measured 113 px).
  expect(bar?.height ?? 0).toBeLessThan(70);
  const logout = await header.getByTestId('logout-button').boundingBox();
  const menu = await header.getByRole('button', { name: 'Menu' }).boundingBox();
  expect(Math.abs((logout?.y ?? 0) - (menu?.y ?? 100))).toBeLessThan(10);
});
