import { useId, useRef } from 'react';
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/i18n';
import { useModalDialog } from '../../../lib/use-modal-dialog';

/**
 * The terms of an extra cash claim (guided-flows.md §4): the article's confirm_message with ACCEPT and DECLINE, in a
 * real modal dialog (useModalDialog). Escape closes it and leaves the form as it was.
 */
export function TermsDialog({
  message,
  onAccept,
  onDecline,
  onClose,
}: {
  message: string;
  onAccept: () => void;
  onDecline: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, true, { onClose });
  return (
    <dialog
      ref={dialog}
      className="onetouch-result extra-cash__terms"
      aria-modal="true"
      aria-labelledby={headingId}
      aria-describedby={messageId}
      data-testid="extra-cash-terms"
    >
      <h2 id={headingId}>{t('extraCash.termsHeading')}</h2>
      <p id={messageId}>{message}</p>
      <div className="extra-cash__actions">
        <Button onClick={onAccept}>{t('extraCash.accept')}</Button>
        <Button variant="secondary" onClick={onDecline}>
          {t('extraCash.decline')}
        </Button>
      </div>
    </dialog>
  );
}
