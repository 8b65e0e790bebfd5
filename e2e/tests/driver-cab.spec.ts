import { expect } from '@playwright/test';
import { messages } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

/** content/kb/customer/100501-left-item-in-cab.md (cab_belonging) and 100606-attach-your-car.md. */
const LOST_ITEM_ARTICLE = '100501';
const ATTACH_CAR_ARTICLE = '100606';
// Meera's ongoing ride (no other journey uses it); Riya's profile city is Bengaluru.
const meera = 'meera.trial@example.in';
const riya = 'riya.customer@example.in';

test('driver details: meera sees the driver and car of her ride in progress and calls the driver through a masked call', async ({
  page,
}) => {
  await signIn(page, meera);
  const onRide = ['ongoing', 'in progress'];
  const ongoing = (await allListedBookings(page.request)).find((b) => onRide.includes(b.status.toLowerCase()));
  expect(ongoing, 'a ride of meera in progress').toBeDefined();
  await page.goto(`/${ongoing?.crn}/dreport/${LOST_ITEM_ARTICLE}`);
  await page.getByRole('button', { name: 'Show driver details' }).click();

  const card = page.getByTestId('driver-card');
  await expect(card.getByRole('heading', { name: 'Your driver' })).toBeVisible();
  await expect(card.getByTestId('driver-name')).toHaveAttribute('title', /\S+/);
  await expect(card.getByTestId('driver-car-model')).not.toBeEmpty();
  await expect(card.getByTestId('driver-car-number')).not.toBeEmpty();
  // The driver's number never reaches the page: no phone, no tel: link.
  expect(await page.content()).not.toMatch(/tel:|\+91\d{10}/);
  await expectNoAxeViolations(page, 'driver details card');

  await card.getByRole('button', { name: 'Call driver' }).click();
  await expect(card.getByTestId('driver-call-status')).toHaveText(messages.driverCallStarted);
});

test('cab attachment: riya’s city is preselected and leads to its onboarding offices with their hours', async ({
  page,
}) => {
  await signIn(page, riya);
  await page.goto(`/dreport/${ATTACH_CAR_ARTICLE}`);
  const form = page.getByTestId('cab-attachment-form');
  const city = form.getByRole('combobox', { name: 'Your city' });
  await expect(city).toHaveValue('city_bengaluru');
  await expect(form.getByLabel('Mobile number')).toHaveCount(0);

  // No city chosen: the mobile shows, and nothing goes out until it is 10 digits.
  await city.selectOption('');
  const mobile = form.getByLabel('Mobile number');
  await mobile.pressSequentially('0987x65');
  await expect(mobile).toHaveValue('98765');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText(messages.cabEnterValidMobile)).toBeVisible();

  await city.selectOption('city_bengaluru');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bd_address\?city=city_bengaluru$/);
  await expect(page.getByRole('heading', { name: 'Partner onboarding centres in Bengaluru' })).toBeVisible();
  const offices = page.getByTestId('bd-office');
  await expect(offices).toHaveCount(2);
  await expect(offices.first()).toContainText('Koramangala');
  await expect(offices.first().getByTestId('bd-hours')).toHaveText('Mon–Sat, 10:00 AM – 6:00 PM');
  await expect(offices.first().getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
  );
  await expectNoAxeViolations(page, '/bd_address');
});
