import { lazy, type ReactNode, Suspense } from 'react';
import { ArticleFlowSlot, type ArticleFlowSlotProps } from '../components/article/article-flow-slot';

// Its own chunk: only article pages need the guided forms, never the first page; the gate loads them only for an
// article that can have one (app/article-flow-gate.tsx).
const LazyArticleFlowPanel = lazy(() => import('./article-flow-gate').then((m) => ({ default: m.ArticleFlowGate })));

function ArticleFlowPanel(props: ArticleFlowSlotProps) {
  return (
    <Suspense fallback={null}>
      <LazyArticleFlowPanel {...props} />
    </Suspense>
  );
}

/** Plugs the one-touch engine's panel into every article view. */
export function ArticleFlowProvider({ children }: { children: ReactNode }) {
  return <ArticleFlowSlot.Provider value={ArticleFlowPanel}>{children}</ArticleFlowSlot.Provider>;
}
