import type { ReactNode } from 'react';
import './empty-state.css';

type EmptyStateProps = { icon: ReactNode; title: string; text?: string; action?: ReactNode };

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <div className="empty-state__icon">{icon}</div>
      <p className="empty-state__title">{title}</p>
      {text && <p className="empty-state__text">{text}</p>}
      {action}
    </div>
  );
}
