import type { ReactNode } from 'react';
import './page-header.css';

/** A screen's title, with an optional badge beside it (a count), a subtitle, and its actions at the
 * other end. */
export function PageHeader({
  title,
  badge,
  subtitle,
  actions,
}: {
  title: string;
  badge?: ReactNode;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <div className="page-header__title">
          <h1>{title}</h1>
          {badge}
        </div>
        {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
      </div>
      {actions}
    </header>
  );
}
