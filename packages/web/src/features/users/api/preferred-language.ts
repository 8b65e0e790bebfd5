import { apiPaths, type SupportedLocale, type UpdatePreferredLanguageResponse } from '@selfserve/contract';
import { api } from '../../../lib/api-client';

/**
 * Saves a signed-in user's language; the caller switches only on a SUCCESS answer (core.md §5). A plain call: the
 * header's picker keeps its own busy state, and the first page need not carry TanStack's mutation observer for it.
 */
export function updatePreferredLanguage(language: SupportedLocale): Promise<UpdatePreferredLanguageResponse> {
  return api.post<UpdatePreferredLanguageResponse>(apiPaths.updatePreferredLanguage, { language });
}
