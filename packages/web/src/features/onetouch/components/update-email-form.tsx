import { type Article, isValidEmail, oneTouchPaths, resolveFlow } from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useReducer, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { EmailField } from '../../../components/email-field';
import { ResultDialog } from '../../../components/one-touch/result-dialog';
import { sessionQueryKey } from '../../../lib/get-session';
import { useI18n } from '../../../lib/i18n';
import { attemptFor, type SubmitAttempt } from '../../../lib/idempotency';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useOneTouchPost } from '../../../lib/one-touch/post-one-touch';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useSession } from '../../../lib/session';

/** The prefix of every user's get_user_info query (see features/users/api/get-user-info.ts). */
const userInfoQueryKeyRoot = ['users', 'user-info'] as const;

function UpdateEmailFields({ busy, onSubmit }: { busy: boolean; onSubmit: (previous: string, next: string) => void }) {
  const { t } = useI18n();
  const _ids = useId();
  const { user } = useSession();
  const [current, setCurrent] = useState(user?.email ?? '');
  const [next, setNext] = useState('');
  const [invalid, setInvalid] = useState(false);
  const error = invalid ? t('enterValidEmail') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only the new address is checked here; an empty current one is the server's to answer (Sorry, log in again).
    if (!isValidEmail(next)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!busy) onSubmit(current.trim(), next.trim());
  };
  return (
    <form className="form onetouch-email" onSubmit={submit} noValidate data-testid="update-email">
      <EmailField label={t('onetouch.updateEmail.current')} value={current} onChange={setCurrent} />
      <EmailField
        label={t('onetouch.updateEmail.new')}
        value={next}
        onChange={setNext}
        error={error}
        autoComplete="off"
      />
      <Button type="submit" disabled={busy}>
        {t('onetouch.updateEmail.submit')}
      </Button>
    </form>
  );
}

/**
 * The update-e-mail flow (guided-flows.md §5): current and new e-mail, a submit to oneTouchPaths.updateEmail,
 * the answer in the result dialog. Needs no selected booking. After a SUCCESS the session and user info are
 * fetched again, since the e-mail changed and is unverified now.
 */
export function UpdateEmailPanel({ article, onReload }: { article: Article; onReload: () => void }) {
  const flow = resolveFlow(article);
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const lastAttempt = useRef<SubmitAttempt | null>(null);
  const post = useOneTouchPost();
  const finish = useFinish(flow, dispatch, onReload);
  const busy = state.status === 'LOADING';

  const submit = async (previous: string, next: string) => {
    if (busy) return;
    const payload = {
      previous_email: previous,
      updated_email: next,
      article_id: article.id,
      call_type: 'update_email',
      reason_submitted: 'update_email',
    };
    const attempt = attemptFor(lastAttempt.current, payload);
    lastAttempt.current = attempt;
    dispatch({ type: 'submit' });
    const result = await post.mutateAsync({
      path: oneTouchPaths.updateEmail,
      body: payload,
      idempotencyKey: attempt.key,
    });
    finish(result);
    if (result.state === 'SUCCESS') {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ queryKey: userInfoQueryKeyRoot });
    }
  };

  return (
    <section className="onetouch" data-testid="onetouch-panel" data-form-state={state.status} aria-busy={busy}>
      {state.status === 'COMPLETED' || state.status === 'FAILURE' ? (
        <ResultDialog
          result={state.result}
          articleId={article.id}
          articleTitle={article.title}
          bookingId={null}
          allowCallUs={flow.callUs}
          allowWriteToUs={flow.writeToUs}
          onBack={() => dispatch({ type: 'back' })}
        />
      ) : (
        <UpdateEmailFields busy={busy} onSubmit={(previous, next) => void submit(previous, next)} />
      )}
    </section>
  );
}
