import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { priorityTone } from '../utils/target-display.ts';

export function PriorityBadge({ priority }: { priority: number }) {
  const { t } = useTranslation();
  const tone = priorityTone(priority);
  return (
    <span data-testid="priority-badge" data-tone={tone}>
      <Badge tone={tone}>{t('crawl_targets.priority_value', { priority })}</Badge>
    </span>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span data-testid="status-badge" data-active={active}>
      <Badge tone={active ? 'good' : 'neutral'}>
        {active ? t('crawl_targets.status.active') : t('crawl_targets.status.paused')}
      </Badge>
    </span>
  );
}
