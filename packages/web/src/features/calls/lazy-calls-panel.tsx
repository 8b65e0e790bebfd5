import type { Article } from '@selfserve/contract';
import { lazy, Suspense } from 'react';

// Its own chunk: only articles labelled for a call load the buttons (never the article page's first load).
const Panel = lazy(() => import('./calls-panel').then((m) => ({ default: m.CallsPanel })));

export function LazyCallsPanel({ article }: { article: Article }) {
  return (
    <Suspense fallback={null}>
      <Panel article={article} />
    </Suspense>
  );
}
