import { z } from 'zod';
import { SUPPORT_HISTORY_MIN_APP_VERSION } from './constants.ts';
import { isValidCrn } from './crn.ts';

/** Issue form and ticket texts (spec core.md §8, guided-flows.md §5). */
export const ticketMessages = {
  descriptionTooShort: (min: number) => `Please enter atleast ${min} characters`,
  uploadAtLeastOne: 'Please upload atleast one image.',
  selectAtLeastOneProduct: 'Please select atleast one product.',
  tooManyImages: (n: number) => `* You can only upload ${n} images`,
  invalidEmail: 'Please input a valid email address',
  quantityTooHigh: (n: number) => `You can select at most ${n} of this product.`,
  imageTooLarge5: 'Please upload correct image of less than 5 MB size',
  imageWrongOrTooLarge10: 'Please ensure the image is in JPG/PNG/GIF/SVG/JPEG format and does not exceed 10 MB in size',
  imageUploadFailed: 'Image Upload failed',
  uploadSomethingWrong: 'Something went Wrong! Please try again later.',
} as const;

export const DESCRIPTION_MIN_LENGTH = 20;
export const MAX_IMAGES = 10;
export const MAX_INVOICE_IMAGES = 1;
export const IMAGE_LIMIT_SMALL = 5 * 1024 * 1024;
export const IMAGE_LIMIT_LARGE = 10 * 1024 * 1024;
export const EMAIL_MAX = 50;

/** Placeholder addresses some apps send instead of a real one count as blank (docs/tickets.md). */
export function isDummyEmail(email: string): boolean {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return (
    ['dummy', 'noemail', 'no-email', 'none', 'na', 'null'].includes(local) ||
    /(^|\.)dummy\./.test(domain) ||
    domain.endsWith('.invalid')
  );
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length >= 3 && e.length <= EMAIL_MAX && emailPattern.test(e) && !isDummyEmail(e);
}

/** Description text keeps letters, digits and spaces only; everything else is stripped. */
export function cleanDescription(text: string): string {
  return text.replace(/[^\p{L}\p{M}\p{N} ]+/gu, '');
}

export interface IssueFormRules {
  hideEmail: boolean;
  hideDescription: boolean;
  /** A valid ride id makes the description optional. */
  rideId?: string | null;
  descriptionMin?: number;
  imageUploadRequired: boolean;
  invoice: boolean;
  /** Products of an item article; absent when the article has no checklist. */
  items?: { item_id: string; item_name: string; quantity: number }[] | null;
}

export interface IssueFormInput {
  email?: string | null;
  description?: string | null;
  imageIds?: string[];
  items?: { item_id: string; quantity: number }[];
}

export type IssueFormErrors = Partial<Record<'email' | 'description' | 'images' | 'items', string>>;

/** The issue form's rules, used by the form and again by the server route. */
export function validateIssueForm(input: IssueFormInput, rules: IssueFormRules): IssueFormErrors {
  const errors: IssueFormErrors = {};
  if (!rules.hideEmail && !isValidEmail(input.email ?? '')) errors.email = ticketMessages.invalidEmail;
  const min = rules.descriptionMin ?? DESCRIPTION_MIN_LENGTH;
  const descriptionNeeded = !rules.hideDescription && !(rules.rideId && isValidCrn(rules.rideId));
  if (descriptionNeeded && cleanDescription(input.description ?? '').trim().length < min) {
    errors.description = ticketMessages.descriptionTooShort(min);
  }
  const images = input.imageIds ?? [];
  const maxImages = rules.invoice ? MAX_INVOICE_IMAGES : MAX_IMAGES;
  if (rules.imageUploadRequired && images.length === 0) errors.images = ticketMessages.uploadAtLeastOne;
  else if (images.length > maxImages) errors.images = ticketMessages.tooManyImages(maxImages);
  if (rules.items && rules.items.length > 0) {
    const chosen = (input.items ?? []).filter((i) => i.quantity > 0);
    if (chosen.length === 0) errors.items = ticketMessages.selectAtLeastOneProduct;
    for (const c of chosen) {
      const product = rules.items.find((p) => p.item_id === c.item_id);
      if (!product) errors.items = ticketMessages.selectAtLeastOneProduct;
      else if (c.quantity > product.quantity) errors.items = ticketMessages.quantityTooHigh(product.quantity);
    }
  }
  return errors;
}

export const ticketStatusSchema = z.enum(['open', 'solved', 'closed']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** Spec §4: resolved when solved or closed; badges read Resolved or Open. */
export function isResolved(status: string): boolean {
  return status === 'solved' || status === 'closed';
}
export function ticketBadge(status: string): 'Resolved' | 'Open' {
  return isResolved(status) ? 'Resolved' : 'Open';
}

/** The latest ticket: whichever of the newest open or newest closed has the greater created_at. */
export function latestTicket<T extends { status: string; created_at: string }>(open: T[], closed: T[]): T | null {
  const newest = (list: T[]) => list.reduce<T | null>((a, t) => (!a || t.created_at > a.created_at ? t : a), null);
  const o = newest(open);
  const c = newest(closed);
  if (!o) return c;
  if (!c) return o;
  return c.created_at > o.created_at ? c : o;
}

/** Support history inside the app only above app version 91403 (India) or 91459 (elsewhere). */
export function supportHistoryEnabled(opts: { inApp: boolean; appVersion: number | null; country: string }): boolean {
  if (!opts.inApp) return true;
  if (opts.appVersion === null) return false;
  const min = opts.country === 'IN' ? SUPPORT_HISTORY_MIN_APP_VERSION.IN : SUPPORT_HISTORY_MIN_APP_VERSION.OTHER;
  return opts.appVersion > min;
}
