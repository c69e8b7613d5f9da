import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';
import '../ui/tab-strip.css';

type Tab<K extends string> = { key: K; label: string };

type Props<K extends string> = {
  tabs: readonly Tab<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  children: ReactNode;
};

/** WAI-ARIA tabs: one tab stop, arrows move and activate, Home and End jump to the ends. */
export function Tabs<K extends string>({ tabs, active, onChange, label, children }: Props<K>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = tabs.findIndex((t) => t.key === active);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    onChange(tabs[next]!.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <>
      <div ref={list} role="tablist" aria-label={label} className="tab-strip" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${base}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            className={cx('tab-strip__tab', tab.key === active && 'tab-strip__tab--active')}
            data-testid={`evidence-tab-${tab.key}`}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${active}`}
        className="tabs__panel"
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
