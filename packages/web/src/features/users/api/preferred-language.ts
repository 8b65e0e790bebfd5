import { apiPaths, type SupportedLocale, type UpdatePreferredLanguageResponse } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Saves a signed-in user's language; the caller switches only on a SUCCESS answer (core.md §5). */
export function useUpdatePreferredLanguage() {
  return useMutation({
    mutationFn: (language: SupportedLocale) =>
      api.post<UpdatePreferredLanguageResponse>(apiPaths.updatePreferredLanguage, { language }),
  });
}
