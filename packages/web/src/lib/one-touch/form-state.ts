import type { Flow, OneTouchResult } from '@selfserve/contract';

/** One-touch form states (guided-flows.md §4). */
export type FormState =
  | { status: 'INITIAL' }
  | { status: 'LOADING' }
  | { status: 'COMPLETED'; result: OneTouchResult }
  | { status: 'FAILURE'; result: OneTouchResult }
  | { status: 'CUSTOM_MESSAGE'; heading: string; message: string }
  /** The article's response refuses the request up front (flow.showMessage): its message, no form. */
  | { status: 'SHOWMESSAGE'; message: string }
  /** The answer carried a redirect tag: on the way to /report/{tag}/default. */
  | { status: 'REDIRECTED'; to: string }
  /** The refund destination step before the submit; `option` is the option chosen before it, if any. */
  | { status: 'REFUND_INITIATED'; option: string | null };

export type FormAction =
  | { type: 'custom_message'; heading: string; message: string }
  | { type: 'refund_step'; option: string | null }
  | { type: 'submit' }
  | { type: 'answer'; result: OneTouchResult }
  | { type: 'redirected'; to: string }
  | { type: 'back' };

export const initialFormState: FormState = { status: 'INITIAL' };

/** Where a flow's form starts: its refusal message when the article's response gives one, else INITIAL. */
export function formStateFor(flow: Pick<Flow, 'showMessage'>): FormState {
  return flow.showMessage ? { status: 'SHOWMESSAGE', message: flow.showMessage } : initialFormState;
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'custom_message':
      return { status: 'CUSTOM_MESSAGE', heading: action.heading, message: action.message };
    case 'refund_step':
      return { status: 'REFUND_INITIATED', option: action.option };
    case 'submit':
      return state.status === 'LOADING' ? state : { status: 'LOADING' };
    case 'answer':
      if (state.status !== 'LOADING') return state;
      return action.result.state === 'FAILURE'
        ? { status: 'FAILURE', result: action.result }
        : { status: 'COMPLETED', result: action.result };
    case 'redirected':
      return { status: 'REDIRECTED', to: action.to };
    case 'back':
      return initialFormState;
  }
}
