import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';
import './text-field.css';

/** What the control inside a field needs: its id (for the label) and its error or hint link. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldFrameProps = {
  label: string;
  error?: string | undefined;
  /** A note under the field, shown when there is no error. */
  hint?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
};

/** A label above a control and, under it, its error (red, announced) or its hint: the frame that
 * TextField, TextAreaField and SelectField share. */
export function FieldFrame({ label, error, hint, className, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : hint ? hintId : undefined,
      })}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
