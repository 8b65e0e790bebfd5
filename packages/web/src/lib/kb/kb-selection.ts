import type { ArticleSummary } from '@selfserve/contract';
import { createSmallStore } from '../small-store';

/**
 * What the user last opened in the knowledge base (spec §2): /section shows the selected category,
 * /subsection the last section, /article and /mainarticle the last article. Kept for the tab's life.
 */
export interface KbSelection {
  categoryId: string | null;
  sectionId: string | null;
  articleId: string | null;
}

const empty: KbSelection = { categoryId: null, sectionId: null, articleId: null };

export const kbSelectionStore = createSmallStore<KbSelection>(empty, 'selfserve.kb.selection');

export function selectCategory(categoryId: string): void {
  const current = kbSelectionStore.get();
  if (current.categoryId !== categoryId) kbSelectionStore.set({ ...current, categoryId });
}

/** Remembers a node by its type: a category, a section (sub_category) or an article. */
export function rememberNode(node: Pick<ArticleSummary, 'id' | 'type'>): void {
  const current = kbSelectionStore.get();
  const key = node.type === 'category' ? 'categoryId' : node.type === 'sub_category' ? 'sectionId' : 'articleId';
  if (current[key] !== node.id) kbSelectionStore.set({ ...current, [key]: node.id });
}

export function clearKbSelection(): void {
  kbSelectionStore.set(empty);
}
