import { routes } from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { sessionQueryKey } from '../../../lib/get-session';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Where the API client sends the user when a request got no response at all (spec §6). */
export function LoginRefreshPage() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useDocumentTitle(t('loginRefresh.title'));

  const signInAgain = () => {
    // Start from a fresh session answer so the sign-in page sees the current state and CSRF token.
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void navigate(routes.login);
  };

  return (
    <section className="page page--centered" aria-labelledby="login-refresh-heading">
      <h1 id="login-refresh-heading">{t('loginRefresh.heading')}</h1>
      <p>{t('loginRefresh.text')}</p>
      <p>
        <Button onClick={signInAgain}>{t('loginRefresh.action')}</Button>
      </p>
    </section>
  );
}
