// The reader's language and the localised strings (core.md §7 "Other", §9 Languages; docs/localisation-api.md).
import { z } from 'zod';
import { entryModeSchema } from './auth.ts';
import { resolveLocale, supportedLocales } from './languages.ts';
import { says } from './messages.ts';

/** One language of the picker: its code and its own name (languageNames). */
export const languageOptionSchema = z.object({ code: z.enum(supportedLocales), name: z.string() });
export type LanguageOption = z.infer<typeof languageOptionSchema>;

/** GET /api/users/v1/get_preferred_language: the reader's language and every language on offer. */
export const preferredLanguageResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  language: z.enum(supportedLocales),
  list_of_languages: z.array(languageOptionSchema),
});
export type PreferredLanguageResponse = z.infer<typeof preferredLanguageResponseSchema>;

/** A language a reader may pick: a supported locale or one served by another (mr, bn, pa → hi), any region. */
export function isAcceptedLanguage(value: string): boolean {
  const base = value.toLowerCase().split(/[-_]/)[0] ?? '';
  return resolveLocale(value) !== 'en' || base === 'en';
}

/** POST /api/users/v1/update_preferred_language with language. */
export const updatePreferredLanguageBodySchema = z.object({
  language: z
    .string()
    .trim()
    .min(1, says('unsupportedLanguage'))
    .max(35, says('unsupportedLanguage'))
    .refine(isAcceptedLanguage, says('unsupportedLanguage')),
});
export type UpdatePreferredLanguageBody = z.infer<typeof updatePreferredLanguageBodySchema>;

/** Spec §5: the update succeeded only when status is SUCCESS; `language` is the language now in force. */
export const updatePreferredLanguageResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  language: z.enum(supportedLocales),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type UpdatePreferredLanguageResponse = z.infer<typeof updatePreferredLanguageResponseSchema>;

/** Who asks for localised strings: the entry modes (all share one catalogue today). */
export const localisationSources = entryModeSchema.options;
export type LocalisationSource = (typeof localisationSources)[number];

/** GET /api/localisation/get_localised_strings with locale, source. */
export const localisedStringsQuerySchema = z.object({
  locale: z.string().trim().min(1).max(35),
  source: z.enum(localisationSources, says('unknownLocalisationSource')),
});
export type LocalisedStringsQuery = z.infer<typeof localisedStringsQuerySchema>;

/**
 * The flat catalogue of one locale: every message code, and every label of the locale file under its dotted path
 * ("tickets.form.heading"); `{name}` placeholders are kept. `locale` is the locale served (resolved).
 */
export const localisedStringsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  locale: z.enum(supportedLocales),
  source: z.enum(localisationSources),
  strings: z.record(z.string(), z.string()),
});
export type LocalisedStringsResponse = z.infer<typeof localisedStringsResponseSchema>;

/** How long browsers and shared caches keep a locale's strings before revalidating by ETag. */
export const LOCALISED_STRINGS_MAX_AGE_SECONDS = 3600;
