import { Field } from './field';

/** One e-mail input with its label and, when there is one, its error (read out by screen readers). */
export function EmailField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoComplete?: string;
}) {
  const { label, value, onChange, error, autoComplete = 'email' } = props;
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="email"
          autoComplete={autoComplete}
          value={value}
          maxLength={50}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
