import type { Article } from '@selfserve/contract';
import { lazy, Suspense } from 'react';

// The driver articles' panels in a chunk of their own: only a partner on a tagged article loads them.
const TimedActions = lazy(() => import('./timed-actions').then((m) => ({ default: m.DriverTimedActions })));
const CleaningFee = lazy(() => import('./cleaning-fee-form').then((m) => ({ default: m.CleaningFeeForm })));

export function LazyDriverTimedActions(props: { article: Article; country: string | null | undefined }) {
  return (
    <Suspense fallback={null}>
      <TimedActions {...props} />
    </Suspense>
  );
}

export function LazyCleaningFeeForm(props: { article: Article; onReload: () => void }) {
  return (
    <Suspense fallback={null}>
      <CleaningFee {...props} />
    </Suspense>
  );
}
