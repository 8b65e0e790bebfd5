import { type Flow, type OneTouchResult, SIMPLE_ARTICLE_PATH, V3_SUBMIT_PATH } from '@selfserve/contract';
import { type Dispatch, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reloadDeepLink } from '../deep-link-reload';
import type { FormAction } from './form-state';
import { keptResult } from './kept-result';

/** The navigation state a v3 answer carries to the result article page. */
interface CarriedResult {
  oneTouchResult?: OneTouchResult;
}

/** The answer a v3 submit left for this page (/simple_article), if any. */
export function useCarriedResult(): OneTouchResult | null {
  const location = useLocation();
  if (location.pathname !== SIMPLE_ARTICLE_PATH) return null;
  return (location.state as CarriedResult | null)?.oneTouchResult ?? null;
}

/**
 * What every one-touch flow does with an answer (guided-flows.md §4): reload the deep link, go to verify,
 * follow a redirect, or show the result dialog (reloading the article when asked). A v3 submit's result is shown on
 * the result article page (core.md §2 /simple_article). Returns the handler.
 */
export function useFinish(flow: Flow, dispatch: Dispatch<FormAction>, onReload: () => void, articleId?: string) {
  const navigate = useNavigate();
  const location = useLocation();
  // Back from /callUs (the result dialog's call-us link): the same answer again, not a fresh form (kept-result.ts).
  const kept = keptResult(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form mounts with a kept answer
  useEffect(() => {
    if (!kept) return;
    dispatch({ type: 'submit' });
    dispatch({ type: 'answer', result: kept });
  }, []);
  return (result: OneTouchResult) => {
    if (result.state === 'RELOAD_DEEPLINK') {
      reloadDeepLink();
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
    if (flow.submitPath === V3_SUBMIT_PATH && articleId && location.pathname !== SIMPLE_ARTICLE_PATH) {
      const carried: CarriedResult = { oneTouchResult: result };
      void navigate(`${SIMPLE_ARTICLE_PATH}?id=${encodeURIComponent(articleId)}`, { state: carried });
      return;
    }
    dispatch({ type: 'answer', result });
    if (result.reload || flow.reload) onReload();
  };
}
