import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { cx } from '../../../lib/class-names.ts';
import '../../../components/ui/tab-strip.css';

export type DiscoveryTab = 'candidates' | 'sources';
const TABS: readonly DiscoveryTab[] = ['candidates', 'sources'];

export const tabId = (tab: DiscoveryTab) => `discovery-tab-${tab}`;
export const panelId = (tab: DiscoveryTab) => `discovery-panel-${tab}`;

type Props = {
  active: DiscoveryTab;
  counts: Record<DiscoveryTab, number | undefined>;
  onChange: (tab: DiscoveryTab) => void;
};

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move and select. */
export function DiscoveryTabs({ active, counts, onChange }: Props) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<DiscoveryTab, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.indexOf(active);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  }

  return (
    <div className="tab-strip" role="tablist" aria-label={t('discovery.tabs.label')} onKeyDown={onKeyDown}>
      {TABS.map((tab) => {
        const selected = tab === active;
        const count = counts[tab];
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={panelId(tab)}
            tabIndex={selected ? 0 : -1}
            className={cx('tab-strip__tab', selected && 'tab-strip__tab--active')}
            onClick={() => onChange(tab)}
            data-testid={`tab-${tab}`}
          >
            {t(`discovery.tabs.${tab}`)}
            {count !== undefined && (
              <span className="tab-strip__count" data-testid={`tab-${tab}-count`}>
                {t('discovery.tabs.count', { count })}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
