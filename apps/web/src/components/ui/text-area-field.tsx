import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame.tsx';

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  error?: string | undefined;
};

/** A labelled multi-line field; an error shows under it with a red border, like TextField. */
export function TextAreaField({ label, error, className, ...rest }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} className={className}>
      {(control) => <textarea className="field__input field__textarea" rows={3} {...control} {...rest} />}
    </FieldFrame>
  );
}
