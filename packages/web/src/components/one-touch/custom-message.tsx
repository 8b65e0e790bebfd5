import { useEffect, useRef } from 'react';
import { useI18n } from '../../lib/i18n';
import { Button } from '../button';

/** An option's own message (guided-flows.md §4 CUSTOM_MESSAGE): its heading, focused, its text and BACK. */
export function CustomMessage({ heading, message, onBack }: { heading: string; message: string; onBack: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="onetouch__custom" data-testid="onetouch-custom-message">
      <h2 ref={ref} tabIndex={-1}>
        {heading}
      </h2>
      <p>{message}</p>
      <Button variant="secondary" onClick={onBack}>
        {t('back')}
      </Button>
    </div>
  );
}
