import { Navigate, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { marketplaceReturnPath } from '../../../lib/orders/marketplace-redirect';
import { safeReturnPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CodeSignInForm } from '../components/code-sign-in-form';
import { DemoAccounts } from '../components/demo-accounts';

/** /login: demo accounts (demo mode only) and sign-in by e-mailed one-time code. */
export function LoginPage() {
  const { t } = useI18n();
  const { user, demo, codeSignIn } = useSession();
  const [params] = useSearchParams();
  useDocumentTitle(t('login.title'));

  // A sign-in that names no return goes back to the marketplace order whose help was last opened (the cookie;
  // docs/bookings.md), else home.
  const asked = params.get('return');

  // Covers both "already signed in" and "just signed in": the session update re-renders this page.
  if (user) return <Navigate to={(asked ? null : marketplaceReturnPath()) ?? safeReturnPath(asked)} replace />;

  return (
    <div className="page">
      <h1>{t('login.heading')}</h1>
      {codeSignIn ? (
        <CodeSignInForm />
      ) : (
        <p className="login-prompt" role="status">
          {t('login.codeUnavailable')}
        </p>
      )}
      {demo ? <DemoAccounts /> : null}
    </div>
  );
}
