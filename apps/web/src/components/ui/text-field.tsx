import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame.tsx';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  error?: string | undefined;
  /** A note under the field, shown when there is no error. */
  hint?: string | undefined;
};

/** A labelled input; an error shows under the field with a red border (spec §3). */
export function TextField({ label, error, hint, className, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <input className="field__input" {...control} {...rest} />}
    </FieldFrame>
  );
}
