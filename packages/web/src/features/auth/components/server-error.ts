import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api-client';

/**
 * Puts a failed request's message next to the field it concerns (server `fields`: the failing rule's text, which
 * the form checked first in the reader's language), or at the top of the form, by its code. The typed values are
 * left alone so the user can correct and resend.
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
        setError(name, { type: 'server', message });
        placed = true;
      }
    }
    if (!placed) setError('root.server', { type: error.code, message: error.text });
    return;
  }
  setError('root.server', { type: 'unknown', message: errorText(error) });
}
