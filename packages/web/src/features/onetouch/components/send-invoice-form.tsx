import { isValidEmail } from '@selfserve/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { EmailField } from '../../../components/email-field';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/** The send-invoice form (guided-flows.md §5): the e-mail to send the invoice to, the account's to start with. */
export function SendInvoiceForm({ busy, onSend }: { busy: boolean; onSend: (email: string) => void }) {
  const { t } = useI18n();
  const { user, userInfo } = useSession();
  const [email, setEmail] = useState(userInfo?.email ?? user?.email ?? '');
  const [invalid, setInvalid] = useState(false);
  const error = invalid ? t('enterValidEmail') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!busy) onSend(email.trim());
  };
  return (
    <form className="form onetouch-invoice" onSubmit={submit} noValidate data-testid="send-invoice">
      <EmailField label={t('onetouch.invoice.email')} value={email} onChange={setEmail} error={error} />
      <Button type="submit" disabled={busy}>
        {t('onetouch.invoice.send')}
      </Button>
    </form>
  );
}
