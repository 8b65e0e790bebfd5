import { zodResolver } from '@hookform/resolvers/zod';
import { LOGIN_CODE_LENGTH, loginCodeRequestSchema, loginCodeVerifySchema } from '@selfserve/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { useI18n } from '../../../lib/i18n';
import { useRequestLoginCode } from '../api/request-login-code';
import { useVerifyLoginCode } from '../api/verify-login-code';
import { applyServerError } from './server-error';

// The e-mail is fixed once a code was sent, so the second step validates only the code with the contract's rule.
const codeStepSchema = loginCodeVerifySchema.pick({ code: true });

interface SentCode {
  email: string;
  demoCode: string | undefined;
  expiresIn: number;
}

/** Two steps, each its own form: ask for a code by e-mail, then type the code. */
export function CodeSignInForm() {
  const { t } = useI18n();
  const [sent, setSent] = useState<SentCode | null>(null);
  const requestCode = useRequestLoginCode();
  const verifyCode = useVerifyLoginCode();

  const emailForm = useForm({
    resolver: zodResolver(loginCodeRequestSchema),
    defaultValues: { email: '' },
  });
  const codeForm = useForm({
    resolver: zodResolver(codeStepSchema),
    defaultValues: { code: '' },
  });

  const onRequest = emailForm.handleSubmit(async ({ email }) => {
    try {
      const res = await requestCode.mutateAsync({ email });
      codeForm.reset({ code: '' });
      setSent({ email, demoCode: res.demo_code, expiresIn: res.expires_in });
    } catch (err) {
      applyServerError(emailForm.setError, err, ['email']);
    }
  });

  const onVerify = codeForm.handleSubmit(async ({ code }) => {
    if (!sent) return;
    try {
      // Success replaces the session; the sign-in page then moves on by itself.
      await verifyCode.mutateAsync({ email: sent.email, code });
    } catch (err) {
      applyServerError(codeForm.setError, err, ['code']);
    }
  });

  const emailError = emailForm.formState.errors.email?.message;
  const emailServerError = emailForm.formState.errors.root?.server?.message;
  const codeError = codeForm.formState.errors.code?.message;
  const codeServerError = codeForm.formState.errors.root?.server?.message;

  return (
    <section className="code-sign-in" aria-labelledby="code-sign-in-heading">
      <h2 id="code-sign-in-heading">{t('login.codeHeading')}</h2>
      <form onSubmit={onRequest} noValidate className="form">
        <Field id="login-email" label={t('login.emailLabel')} error={emailError ?? null}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              readOnly={sent !== null}
              {...emailForm.register('email')}
            />
          )}
        </Field>
        {emailServerError ? (
          <p className="form-error" role="alert">
            {emailServerError}
          </p>
        ) : null}
        {sent ? (
          <Button variant="link" onClick={() => setSent(null)}>
            {t('login.changeEmail')}
          </Button>
        ) : (
          <Button type="submit" disabled={requestCode.isPending}>
            {requestCode.isPending ? t('login.sending') : t('login.sendCode')}
          </Button>
        )}
      </form>

      {sent ? (
        <form onSubmit={onVerify} noValidate className="form">
          <p role="status">{t('login.codeSent', { email: sent.email, minutes: Math.round(sent.expiresIn / 60) })}</p>
          {sent.demoCode ? (
            <p className="demo-code" data-testid="demo-code">
              {t('login.demoCode', { code: sent.demoCode })}
            </p>
          ) : null}
          <Field id="login-code" label={t('login.codeLabel')} error={codeError ?? null}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={LOGIN_CODE_LENGTH}
                {...codeForm.register('code')}
              />
            )}
          </Field>
          {codeServerError ? (
            <p className="form-error" role="alert">
              {codeServerError}
            </p>
          ) : null}
          <Button type="submit" disabled={verifyCode.isPending}>
            {verifyCode.isPending ? t('login.verifying') : t('login.verify')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
