import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { localizeMessage } from '../../../lib/i18n';

/**
 * Puts a failed request's message next to the field it concerns (server `fields`), or at the top of the
 * form. The typed values are left alone so the user can correct and resend.
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldNames: readonly Path<T>[],
): void {
  if (error instanceof ApiError) {
    let placed = false;
    for (const name of fieldNames) {
      const message = error.fields?.[name];
      if (message) {
        setError(name, { type: 'server', message: localizeMessage(message) });
        placed = true;
      }
    }
    if (!placed) setError('root.server', { type: error.code, message: localizeMessage(error.message) });
    return;
  }
  setError('root.server', { type: 'unknown', message: localizeMessage((error as Error | undefined)?.message ?? '') });
}
