import { type ReactNode, useId } from 'react';

export interface Choice<Value extends string> {
  value: Value;
  label: ReactNode;
  /** A smaller line under the label (how long a refund takes). */
  hint?: ReactNode;
}

export interface ChoiceGroupProps<Value extends string> {
  legend: ReactNode;
  options: readonly Choice<Value>[];
  value: Value | null;
  onChange: (value: Value) => void;
  className?: string;
  optionClassName?: string;
}

/** A radio group with its legend: one choice of a few, each option labelled by its text. */
export function ChoiceGroup<Value extends string>({
  legend,
  options,
  value,
  onChange,
  className,
  optionClassName,
}: ChoiceGroupProps<Value>) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={optionClassName}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
          {option.hint ? <small>{option.hint}</small> : null}
        </label>
      ))}
    </fieldset>
  );
}
