import { useId, type ComponentProps } from 'react';
import { cx } from '../../lib/class-names.ts';
import './text-field.css';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & { label: string; error?: string | undefined };

/** A labelled input; an error shows under the field with a red border (spec §3). */
export function TextField({ label, error, className, ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
