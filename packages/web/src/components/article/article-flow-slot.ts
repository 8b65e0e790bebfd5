import type { Article } from '@selfserve/contract';
import { type ComponentType, createContext, useContext } from 'react';

/** What the article page hands its guided form: the article and a way to reload it. */
export interface ArticleFlowSlotProps {
  article: Article;
  onReload: () => void;
}

/**
 * The form under an article's text (one-touch panel, lost item, billing dispute) is another feature's; the app
 * plugs it in here so the shared article view never imports a feature. Without a provider no form is shown.
 */
export const ArticleFlowSlot = createContext<ComponentType<ArticleFlowSlotProps> | null>(null);

export function useArticleFlowSlot(): ComponentType<ArticleFlowSlotProps> | null {
  return useContext(ArticleFlowSlot);
}
