import type { Article } from '@selfserve/contract';
import type { ComponentType } from 'react';
import type { SelectedBooking } from '../../lib/selected-booking';

/** What every guided form of the article page is given: the article, the ride it is about, and a reload. */
export interface FlowFormProps {
  article: Article;
  booking: SelectedBooking;
  /** Refetches the article (the answer's reload flag, the article's should_reload). */
  onReload: () => void;
}

export type FlowForm = ComponentType<FlowFormProps>;
