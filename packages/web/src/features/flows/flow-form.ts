import type { Article } from '@selfserve/contract';
import type { ComponentType } from 'react';
import type { SelectedBooking } from '../../lib/selected-booking';

/**
 * What every guided form of the article page is given: the article, the ride it is about, and a reload. The ride is
 * null for a request about the account (resolveFlow's needsRide false: a Select invoice, attaching a car); a form
 * about a ride is registered with `rideForm` and always gets one.
 */
export interface FlowFormProps {
  article: Article;
  booking: SelectedBooking | null;
  /** Refetches the article (the answer's reload flag, the article's should_reload). */
  onReload: () => void;
}

/** The props of a form about one ride (registered with `rideForm`). */
export interface RideFlowFormProps extends FlowFormProps {
  booking: SelectedBooking;
}

export type FlowForm = ComponentType<FlowFormProps>;
