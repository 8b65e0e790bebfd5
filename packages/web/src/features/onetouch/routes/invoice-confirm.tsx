import { confirmInvoiceEmailSchema, oneTouchPaths, routes } from '@selfserve/contract';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { useOneTouchPost } from '../../../lib/one-touch/post-one-touch';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../onetouch.css';
import { Button } from '../../../components/button';

/**
 * /invoice/confirm?token= (ours, docs/one-touch-rules.md): the page an invoice address confirmation link opens. It
 * asks before sending — mail scanners open links by themselves, and a link alone must not send anything.
 */
export function InvoiceConfirmPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = confirmInvoiceEmailSchema.safeParse({ token }).success;
  const confirm = useOneTouchPost();
  const busy = confirm.isPending;
  const result = confirm.data ?? null;
  useDocumentTitle(t('onetouch.invoiceConfirm.title'));

  const send = () => confirm.mutate({ path: oneTouchPaths.confirmInvoiceEmail, body: { token } });

  return (
    <section className="page page--narrow" aria-labelledby="invoice-confirm-heading">
      <h1 id="invoice-confirm-heading">{t('onetouch.invoiceConfirm.title')}</h1>
      {!valid ? (
        <p role="alert">{t('onetouch.invoiceConfirm.badLink')}</p>
      ) : result ? (
        <div role="status" data-testid="invoice-confirm-result">
          <h2>{result.title}</h2>
          <p>{result.message}</p>
        </div>
      ) : (
        <>
          <p>{t('onetouch.invoiceConfirm.text')}</p>
          <Button disabled={busy} onClick={send}>
            {t('onetouch.invoiceConfirm.send')}
          </Button>
        </>
      )}
      <p>
        <Link to={routes.home}>{t('onetouch.invoiceConfirm.home')}</Link>
      </p>
    </section>
  );
}
