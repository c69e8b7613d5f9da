import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../../lib/class-names.ts';
import { Spinner } from './spinner.tsx';
import './button.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'md' | 'sm' | 'icon';
type StyleProps = { variant?: Variant; size?: Size };

function buttonClass({ variant = 'primary', size = 'md' }: StyleProps, className?: string): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, className);
}

type ButtonProps = ComponentProps<'button'> & StyleProps & { loading?: boolean };

export function Button({
  variant,
  size,
  loading = false,
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      className={buttonClass({ variant, size }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size={16} />}
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function LinkButton({ variant, size, className, ...rest }: LinkProps & StyleProps) {
  return <Link className={buttonClass({ variant, size }, className)} {...rest} />;
}
