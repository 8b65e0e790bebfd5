import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';

export interface BackButtonProps {
  /** A fixed target (the parent level of /kb), rendered as a link. */
  to?: string;
  onBack?: () => void;
  label?: string;
}

function Arrow() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 20 20">
      <path fill="currentColor" d="M12.7 3.3 14.1 4.7 8.8 10l5.3 5.3-1.4 1.4L6 10z" />
    </svg>
  );
}

export function BackButton({ to, onBack, label }: BackButtonProps) {
  const { t } = useI18n();
  const text = label ?? t('kb.back');
  if (to !== undefined) {
    return (
      <Link to={to} className="kb-back" data-testid="kb-back">
        <Arrow />
        <span>{text}</span>
      </Link>
    );
  }
  return (
    <button type="button" className="kb-back" data-testid="kb-back" onClick={onBack}>
      <Arrow />
      <span>{text}</span>
    </button>
  );
}
