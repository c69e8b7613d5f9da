import type { ComponentProps } from 'react';
import { cx } from '../../../lib/class-names.ts';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: string };

export function CheckboxField({ label, className, ...rest }: CheckboxProps) {
  return (
    <label className={cx('discovery-form__check', className)}>
      <input type="checkbox" {...rest} />
      {label}
    </label>
  );
}
