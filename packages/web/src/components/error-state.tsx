import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { useI18n } from '../lib/i18n';
import { Button } from './button';

export interface ErrorStateProps {
  /** The text of the failure; else the failed call's (a timeout says so); else the generic 'Something went wrong…'. */
  message?: ReactNode;
  /** The failed call's error: a timeout or a refusal is shown in its own words. */
  error?: unknown;
  /** Offers a retry button when given (never for a 403 `error`: a permanent refusal). */
  onRetry?: () => void;
  retryLabel?: string;
  /**
   * Inside a page that already has its heading: the text and the retry only, in a box of the given class.
   * Otherwise a page of its own with the 'Sorry' heading.
   */
  inline?: { className: string; testId?: string };
}

/** A failed load: its message and, when it can be retried, a retry button. */
export function ErrorState({ message, error, onRetry, retryLabel, inline }: ErrorStateProps) {
  const { t } = useI18n();
  const text = message ?? (error instanceof ApiError && error.status < 500 ? error.text : t('genericFailure'));
  // A permanent refusal (403) cannot be fixed by asking again: its reason shows, never a retry (core.md §6).
  const refused = error instanceof ApiError && error.status === 403;
  const retry =
    onRetry && !refused ? (
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel ?? t('kb.tryAgain')}
      </Button>
    ) : null;
  if (inline) {
    return (
      <div className={inline.className} role="alert" data-testid={inline.testId}>
        <p>{text}</p>
        {retry}
      </div>
    );
  }
  return (
    <section className="page page--centered" role="alert" data-testid="kb-error">
      <h1>{t('sorry')}</h1>
      <p>{text}</p>
      {retry ? <p>{retry}</p> : null}
    </section>
  );
}
