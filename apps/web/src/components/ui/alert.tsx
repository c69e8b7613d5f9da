import type { ReactNode } from 'react';
import { AlertIcon } from './icons.tsx';
import './alert.css';

type AlertProps = { tone?: 'error' | 'warning' | 'info'; children: ReactNode; action?: ReactNode };

/** A message box; errors and warnings are announced to screen readers. */
export function Alert({ tone = 'error', children, action }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'info' ? 'status' : 'alert'}>
      <AlertIcon size={18} className="alert__icon" />
      <div className="alert__body">{children}</div>
      {action}
    </div>
  );
}
