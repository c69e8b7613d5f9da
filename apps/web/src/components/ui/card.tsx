import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';
import './card.css';

type CardProps = Omit<ComponentProps<'section'>, 'title'> & {
  title?: ReactNode;
  /** Shown at the right of the title, e.g. a status badge or a button. */
  actions?: ReactNode;
};

export function Card({ title, actions, className, children, ...rest }: CardProps) {
  return (
    <section className={cx('card', className)} {...rest}>
      {(title || actions) && (
        <header className="card__header">
          {title && <h2 className="card__title">{title}</h2>}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}
