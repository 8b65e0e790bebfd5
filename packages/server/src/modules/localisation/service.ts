// The localised strings (core.md §7 get_localised_strings; docs/localisation-api.md): one flat catalogue per locale,
// made from the contract's messages and the translators' locale files, read once and kept.
import fs from 'node:fs';
import path from 'node:path';
import {
  type LocalisationSource,
  type LocalisedStringsResponse,
  messages,
  type SupportedLocale,
} from '@selfserve/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from '../../lib/crypto.ts';

type Json = { [key: string]: unknown };

/** A locale file's labels under their dotted paths ("tickets.form.heading"); its `messages` object is not a label. */
export function flattenLabels(tree: Json, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (!prefix && key === 'messages') continue;
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[dotted] = value;
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      flattenLabels(value as Json, dotted, out);
  }
  return out;
}

/** A locale file, or null when it does not exist (yet) or cannot be read — that locale is then served in English. */
function readLocaleFile(dir: string, locale: string, log: FastifyBaseLogger): Json | null {
  const file = path.join(dir, `${locale}.json`);
  if (!fs.existsSync(file)) return null;
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
    log.warn({ file }, 'locale file is not a JSON object; serving English');
  } catch (err) {
    log.warn({ err, file }, 'locale file unreadable; serving English');
  }
  return null;
}

/**
 * One locale's catalogue: every message code (its translation, else the English of messages.ts) and every label
 * of en.json under its dotted path (the locale file's text, else the English). `{name}` placeholders stay.
 */
export function buildCatalogue(dir: string, locale: SupportedLocale, log: FastifyBaseLogger): Record<string, string> {
  const english = readLocaleFile(dir, 'en', log) ?? {};
  const own = locale === 'en' ? null : readLocaleFile(dir, locale, log);
  const ownMessages = (typeof own?.messages === 'object' && own.messages !== null ? own.messages : {}) as Json;
  const ownLabels = own ? flattenLabels(own) : {};
  const strings: Record<string, string> = {};
  for (const [code, text] of Object.entries(messages)) {
    const translated = ownMessages[code];
    strings[code] = typeof translated === 'string' && translated.trim() ? translated : text;
  }
  for (const [key, text] of Object.entries(flattenLabels(english))) {
    const translated = ownLabels[key];
    strings[key] = translated?.trim() ? translated : text;
  }
  return strings;
}

interface Served {
  body: LocalisedStringsResponse;
  etag: string;
}

/** Answers per locales folder, locale and source, made on first ask: the files change only with a release. */
const cache = new Map<string, Served>();

export function localisedStrings(
  dir: string,
  locale: SupportedLocale,
  source: LocalisationSource,
  log: FastifyBaseLogger,
): Served {
  const key = `${dir}\u0000${locale}\u0000${source}`;
  let served = cache.get(key);
  if (!served) {
    // Every source shares the one catalogue today; `source` is checked and echoed (docs/localisation-api.md).
    const body: LocalisedStringsResponse = {
      status: 'SUCCESS',
      locale,
      source,
      strings: buildCatalogue(dir, locale, log),
    };
    served = { body, etag: `"${sha256(JSON.stringify(body)).slice(0, 16)}"` };
    cache.set(key, served);
  }
  return served;
}
