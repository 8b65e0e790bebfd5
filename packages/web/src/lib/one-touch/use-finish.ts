import type { Flow, OneTouchResult } from '@selfserve/contract';
import type { Dispatch } from 'react';
import { useNavigate } from 'react-router';
import type { FormAction } from './form-state';

/**
 * What every one-touch flow does with an answer (guided-flows.md §4): reload the deep link, go to verify,
 * follow a redirect, or show the result dialog (reloading the article when asked). Returns the handler.
 */
export function useFinish(flow: Flow, dispatch: Dispatch<FormAction>, onReload: () => void) {
  const navigate = useNavigate();
  return (result: OneTouchResult) => {
    if (result.state === 'RELOAD_DEEPLINK') {
      window.location.reload();
      return;
    }
    if (result.state === 'VERIFY_EMAIL') {
      void navigate('/verify-email');
      return;
    }
    if (result.state === 'REDIRECTED' && result.redirectTo) {
      dispatch({ type: 'redirected', to: result.redirectTo });
      void navigate(result.redirectTo);
      return;
    }
    dispatch({ type: 'answer', result });
    if (result.reload || flow.reload) onReload();
  };
}
