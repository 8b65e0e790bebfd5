import DOMPurify, { type Config, type WindowLike } from 'dompurify';
import { siteOrigin } from '../site-location';

/**
 * Article bodies are sanitised on import (server) and again here, right before display: a body that
 * slipped through, or a response altered on the way, still cannot run script. DOMPurify's defaults drop
 * <script>, every on* handler and javascript: (and other non-http) URLs; on top of that no forms, frames,
 * embeds or inline styles (a body must not be able to draw a fake sign-in box over the page).
 */
const config: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
  ],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
};

/** JSON blocks the flows read from the body (guided-flows §3); the API also returns them parsed in `embedded`. */
export const EMBEDDED_BLOCK_IDS = ['refund-initiated', 'Csat', 'Feedback', 'driver_app_city_numbers'] as const;

/**
 * What the sanitiser does to each element it keeps, once its attributes are sanitised: DOMPurify's hook below, and
 * the server's pass (sanitize-html-server.ts) through the same function, so both write the same HTML.
 */
export interface KeptElement {
  /** upper case, as an HTML element's tagName */
  tagName: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

export function adjustKeptElement(node: KeptElement, origin: string): void {
  // An image the body gives no text for is treated as decorative (screen readers would read its file name).
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (!href) return;
  let url: URL;
  try {
    url = new URL(href, `${origin}/`);
  } catch {
    return;
  }
  // Links off the site open in a new tab without handing it a reference to this page.
  if (url.origin !== origin) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('target');
  }
}

/**
 * A server render has no window and no DOM: the server's entry (entry-server.tsx) gives its own sanitiser, which
 * writes what this file's DOMPurify pass writes in a browser for the HTML an article can hold (docs/ssr.md
 * "Sanitising on the server").
 */
let serverSanitizer: ((html: string, origin: string) => string) | null = null;

export function setServerSanitizer(sanitize: (html: string, origin: string) => string): void {
  serverSanitizer = sanitize;
}

type Purifier = ReturnType<typeof DOMPurify>;

/** DOMPurify with the article rules on a DOM: the browser's window (tests: also jsdom's, as the server's oracle). */
export function createDomSanitizer(win: WindowLike & { document: Document }): (html: string) => string {
  // An instance of our own, so these hooks never touch another user of DOMPurify.
  const instance: Purifier = DOMPurify(win);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType === 1) adjustKeptElement(node as Element, siteOrigin());
  });
  return (html) => {
    const fragment = instance.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
    // A document with no body (a <frameset>) has nothing to show.
    if (!fragment) return '';
    for (const id of EMBEDDED_BLOCK_IDS) {
      for (const block of fragment.querySelectorAll(`[id="${id}"]`)) block.remove();
    }
    const holder = win.document.createElement('div');
    holder.append(fragment);
    return holder.innerHTML;
  };
}

let browserSanitizer: ((html: string) => string) | null = null;

export function sanitizeArticleHtml(html: string): string {
  if (typeof window === 'undefined') {
    if (!serverSanitizer) throw new Error('No sanitiser for article HTML on the server');
    return serverSanitizer(html, siteOrigin());
  }
  browserSanitizer ??= createDomSanitizer(window);
  return browserSanitizer(html);
}
