import { lazy, type ReactNode, Suspense } from 'react';
import { ArticleFlowSlot, type ArticleFlowSlotProps } from '../components/article/article-flow-slot';

// Its own chunk: only article pages need the guided forms, never the first page.
const LazyArticleFlowPanel = lazy(() => import('./article-flow-forms').then((m) => ({ default: m.ArticleFlowPanel })));

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
