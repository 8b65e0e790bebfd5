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

let purifier: ReturnType<typeof DOMPurify> | null = null;
// A server render has no window: the server gives DOMPurify a DOM of its own (jsdom, docs/ssr.md), so its HTML is
// sanitised exactly as the browser's will be.
let serverWindow: (WindowLike & { document: Document }) | null = null;

export function setServerDomWindow(window: WindowLike & { document: Document }): void {
  serverWindow = window;
  purifier = null;
}

const domWindow = () => (typeof window === 'undefined' ? serverWindow : window);

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const win = domWindow();
  if (!win) throw new Error('No DOM to sanitise article HTML with');
  // An instance of our own, so these hooks never touch another user of DOMPurify.
  const instance = DOMPurify(win);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // An image the body gives no text for is treated as decorative (screen readers would read its file name).
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (!href) return;
    const origin = siteOrigin();
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
  });
  purifier = instance;
  return instance;
}

export function sanitizeArticleHtml(html: string): string {
  const fragment = getPurifier().sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
  for (const id of EMBEDDED_BLOCK_IDS) {
    for (const block of fragment.querySelectorAll(`[id="${id}"]`)) block.remove();
  }
  const holder = (domWindow() as Window).document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
