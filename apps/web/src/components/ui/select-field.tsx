import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame.tsx';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  error?: string | undefined;
  /** A note under the field (shown when there is no error). */
  hint?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** A labelled select; an error shows under it with a red border, like TextField. */
export function SelectField({ label, error, hint, options, className, ...rest }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select className="field__input" {...control} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
