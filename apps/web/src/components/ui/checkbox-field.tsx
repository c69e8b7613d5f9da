import type { ComponentProps } from 'react';
import { cx } from '../../lib/class-names.ts';
import './checkbox-field.css';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  /** A second line under the label, in muted text. */
  hint?: string;
  /** Drawn in a bordered box, for an option that stands alone in its form. */
  boxed?: boolean;
};

/** A checkbox with its label (and an optional hint), the whole of it clickable. */
export function CheckboxField({ label, hint, boxed = false, className, ...input }: CheckboxFieldProps) {
  return (
    <label className={cx('checkbox-field', boxed && 'checkbox-field--boxed', className)}>
      <input type="checkbox" {...input} />
      <span>
        {label}
        {hint && <span className="checkbox-field__hint">{hint}</span>}
      </span>
    </label>
  );
}
