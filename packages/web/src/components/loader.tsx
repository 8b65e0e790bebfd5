import { useI18n } from '../lib/i18n';

export interface LoaderProps {
  /** Overrides the announced text (defaults to "Loading…"). */
  label?: string;
  /** Fill the page area instead of sitting inline. */
  fullPage?: boolean;
}

/** A spinner announced politely to screen readers; the animation respects reduced-motion in CSS. */
export function Loader({ label, fullPage = false }: LoaderProps) {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" className={fullPage ? 'loader loader--page' : 'loader'}>
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
