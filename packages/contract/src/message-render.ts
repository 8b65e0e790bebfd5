/**
 * How catalogue messages are rendered, kept apart from the catalogue itself (messages.ts): the web app installs its
 * renderer here without shipping the English catalogue in its first page (docs/i18n.md); the server never installs
 * one and speaks the catalogue's English.
 */
export type MessageParamValues = Record<string, string | number>;
export type MessageRenderer = (code: string, params: MessageParamValues) => string;

let installed: MessageRenderer | null = null;

/** The web app's i18n installs itself here; null restores English. */
export function setMessageRenderer(renderer: MessageRenderer | null): void {
  installed = renderer;
}

export function installedMessageRenderer(): MessageRenderer | null {
  return installed;
}

/** Fills a text's `{name}` parameters; a parameter the caller did not give stays visible as `{name}`. */
export function fillParams(text: string, params: MessageParamValues = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
