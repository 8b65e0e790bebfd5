import { useCallback, useReducer } from 'react';

/** Ticket create status (spec core.md §4). */
export type TicketCreateStatus = 'initial' | 'creating' | 'done' | 'redirecting-to-home';

export interface TicketCreateResult {
  ticketId: string;
  requestStatus: 'CREATED' | 'OPEN_TICKET_PRESENT';
  message: string;
}

export type TicketCreateEvent =
  | { type: 'submit'; attempt: number }
  | { type: 'succeed'; attempt: number; result: TicketCreateResult }
  | { type: 'fail'; attempt: number }
  | { type: 'back' }
  | { type: 'go-home' };

export interface TicketCreateState {
  status: TicketCreateStatus;
  /** The current submit's number, so an answer is applied only to the submit that asked for it. */
  attempt: number;
  result: TicketCreateResult | null;
}

export const initialTicketCreateState: TicketCreateState = { status: 'initial', attempt: 0, result: null };

/**
 * initial → creating → done → redirecting-to-home. Back during creating or after done returns to initial
 * (spec core.md §2); back during redirecting-to-home is ignored. An answer that arrives after the user went
 * back (or for an earlier submit) is dropped. An event that does not fit the state changes nothing.
 */
export function ticketCreateReducer(state: TicketCreateState, event: TicketCreateEvent): TicketCreateState {
  switch (event.type) {
    case 'submit':
      return state.status === 'initial' ? { status: 'creating', attempt: event.attempt, result: null } : state;
    case 'succeed':
      return state.status === 'creating' && event.attempt === state.attempt
        ? { ...state, status: 'done', result: event.result }
        : state;
    case 'fail':
      return state.status === 'creating' && event.attempt === state.attempt
        ? { ...state, status: 'initial', result: null }
        : state;
    case 'back':
      return state.status === 'creating' || state.status === 'done'
        ? { ...state, status: 'initial', result: null }
        : state;
    case 'go-home':
      return state.status === 'done' ? { ...state, status: 'redirecting-to-home' } : state;
  }
}

/** The create status of one issue form, with its events as stable callbacks. */
export function useTicketCreateStatus() {
  const [state, dispatch] = useReducer(ticketCreateReducer, initialTicketCreateState);
  return {
    state,
    submit: useCallback((attempt: number) => dispatch({ type: 'submit', attempt }), []),
    succeed: useCallback(
      (attempt: number, result: TicketCreateResult) => dispatch({ type: 'succeed', attempt, result }),
      [],
    ),
    fail: useCallback((attempt: number) => dispatch({ type: 'fail', attempt }), []),
    back: useCallback(() => dispatch({ type: 'back' }), []),
    goHome: useCallback(() => dispatch({ type: 'go-home' }), []),
  };
}
