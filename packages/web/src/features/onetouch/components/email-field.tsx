import { useId } from 'react';

/** One e-mail input with its label and, when there is one, its error (read out by screen readers). */
export function EmailField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoComplete?: string;
}) {
  const id = useId();
  const { label, value, onChange, error, autoComplete = 'email' } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="email"
        autoComplete={autoComplete}
        value={value}
        maxLength={50}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
