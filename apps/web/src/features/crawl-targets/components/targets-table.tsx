import { Button } from '../../../components/ui/button.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { Target } from '../api/get-targets.ts';
import { frequencyDays } from '../utils/target-display.ts';
import { PriorityBadge, StatusBadge } from './target-badges.tsx';
import '../../../components/ui/data-table.css';

export type TargetActions = {
  onEdit: (target: Target) => void;
  onToggle: (target: Target) => void;
  onDelete: (target: Target) => void;
  /** The target whose pause or resume is on its way. */
  busyId: string | null;
};

function When({ value, fallback }: { value: string | null; fallback: string }) {
  const format = useFormat();
  if (!value) return <span className="targets-table__muted">{fallback}</span>;
  return (
    <time dateTime={value} title={format.dateTime(value)}>
      {format.relativeTime(value)}
    </time>
  );
}

/** Spec §2 columns: url, category, priority, frequency (days), last and next crawl, status. */
export function TargetsTable({
  targets,
  actions,
}: {
  targets: readonly Target[];
  actions: TargetActions | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="targets-table__scroll">
      <table className="data-table targets-table" aria-label={t('crawl_targets.table.label')}>
        <thead>
          <tr>
            <th scope="col">{t('crawl_targets.table.url')}</th>
            <th scope="col">{t('crawl_targets.table.category')}</th>
            <th scope="col">{t('crawl_targets.table.priority')}</th>
            <th scope="col">{t('crawl_targets.table.frequency')}</th>
            <th scope="col">{t('crawl_targets.table.last_crawl')}</th>
            <th scope="col">{t('crawl_targets.table.next_crawl')}</th>
            <th scope="col">{t('crawl_targets.table.status')}</th>
            {actions && (
              <th scope="col" className="targets-table__actions-cell">
                {t('crawl_targets.table.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {targets.map((target) => {
            const days = frequencyDays(target.frequency_hours);
            return (
              <tr key={target.id} data-testid="target-row" data-url={target.url}>
                <td className="targets-table__url">
                  <span className="targets-table__domain">{target.domain}</span>
                  <a
                    href={target.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="targets-table__link"
                  >
                    {target.url}
                  </a>
                  <span className="targets-table__muted">{target.vendor_name}</span>
                </td>
                <td>{t(`crawl_targets.categories.${target.category}`)}</td>
                <td>
                  <PriorityBadge priority={target.priority} />
                </td>
                <td className="targets-table__nowrap">{t('crawl_targets.table.days', { count: days })}</td>
                <td className="targets-table__when">
                  <When value={target.last_crawled_at} fallback={t('common.never')} />
                </td>
                <td className="targets-table__when">
                  <When
                    value={target.active ? target.next_crawl_at : null}
                    fallback={t('crawl_targets.table.not_scheduled')}
                  />
                </td>
                <td>
                  <StatusBadge active={target.active} />
                  {target.last_error_code && (
                    // The reason in the reader's language; the technical detail on hover.
                    <span
                      className="targets-table__error"
                      title={target.last_error ?? undefined}
                      data-testid="target-error"
                    >
                      {t(`crawl_targets.errors.${target.last_error_code}`)}
                    </span>
                  )}
                </td>
                {actions && (
                  <td className="targets-table__actions-cell">
                    <div className="targets-table__actions">
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => actions.onEdit(target)}
                        data-testid="edit-target"
                        aria-label={t('crawl_targets.actions.edit_label', { domain: target.domain })}
                      >
                        {t('crawl_targets.actions.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={actions.busyId === target.id}
                        onClick={() => actions.onToggle(target)}
                        data-testid="toggle-target"
                        aria-label={t(
                          target.active
                            ? 'crawl_targets.actions.pause_label'
                            : 'crawl_targets.actions.resume_label',
                          { domain: target.domain },
                        )}
                      >
                        {target.active ? t('crawl_targets.actions.pause') : t('crawl_targets.actions.resume')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="targets-table__delete"
                        onClick={() => actions.onDelete(target)}
                        data-testid="delete-target"
                        aria-label={t('crawl_targets.actions.delete_label', { domain: target.domain })}
                      >
                        {t('crawl_targets.actions.delete')}
                      </Button>
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
