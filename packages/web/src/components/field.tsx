import { type ReactNode, useId } from 'react';

/** What a field hands its control so the label, the hint and the error are read out with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** The control's id (a generated one when absent); the error's id is `${id}-error`, the hint's `${id}-hint`. */
  id?: string;
  hint?: ReactNode;
  /** Shown under the control as an alert; marks the control invalid. */
  error?: ReactNode;
  /** The error's id when a form has always used another one. */
  errorId?: string;
  className?: string;
  /** The control (input, textarea, select), given its id and aria wiring. */
  children: (control: FieldControlProps) => ReactNode;
}

/** One labelled form control with its optional hint and error, wired with aria-describedby and aria-invalid. */
export function Field({ label, id, hint, error, errorId, className = 'field', children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const shownErrorId = errorId ?? `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint ? hintId : null, hasError ? shownErrorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={controlId}>{label}</label>
      {/* The hint above the control: read before typing, and never pushed away by the error. */}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        ...(hasError ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hasError ? (
        <p id={shownErrorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
