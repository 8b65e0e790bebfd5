import DOMPurify, { type Config } from 'dompurify';

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

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  // An instance of our own, so these hooks never touch another user of DOMPurify.
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // An image the body gives no text for is treated as decorative (screen readers would read its file name).
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (!href) return;
    const url = new URL(href, window.location.href);
    // Links off the site open in a new tab without handing it a reference to this page.
    if (url.origin !== window.location.origin) {
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
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
