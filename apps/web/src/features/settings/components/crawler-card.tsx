import { Badge, type Tone } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useHealth } from '../../../lib/get-health.ts';

const STATUS_TONE: Record<'running' | 'idle' | 'stopped', Tone> = {
  running: 'good',
  idle: 'neutral',
  stopped: 'danger',
};

/** The crawler's state as /health reports it. There is no crawler-settings API: politeness
 * (delays, robots.txt, concurrency) comes from the server configuration, and the card says so. */
export function CrawlerCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const health = useHealth();
  const crawler = health.data?.services.crawler;
  const timeZone = health.data?.schedule_time_zone;
  return (
    <Card title={t('settings.crawler.title')} className="settings-card" data-testid="crawler-card">
      {crawler ? (
        <dl className="settings-facts">
          <div>
            <dt>{t('settings.crawler.status')}</dt>
            <dd>
              <Badge tone={STATUS_TONE[crawler.status]}>
                {t(`settings.crawler.statuses.${crawler.status}`)}
              </Badge>
            </dd>
          </div>
          <div>
            <dt>{t('settings.crawler.workers')}</dt>
            <dd>
              {t('settings.crawler.workers_value', {
                active: format.integer(crawler.active_workers),
                total: format.integer(crawler.total_workers),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('settings.crawler.queued')}</dt>
            <dd>{format.integer(crawler.queued_jobs)}</dd>
          </div>
          <div>
            <dt>{t('settings.crawler.time_zone')}</dt>
            <dd data-testid="schedule-time-zone">{timeZone}</dd>
          </div>
          <div>
            <dt>{t('settings.crawler.last_activity')}</dt>
            <dd>
              {crawler.last_activity ? (
                <time dateTime={crawler.last_activity} title={format.dateTime(crawler.last_activity)}>
                  {format.relativeTime(crawler.last_activity)}
                </time>
              ) : (
                t('common.never')
              )}
            </dd>
          </div>
        </dl>
      ) : health.isError ? (
        <p className="settings-muted">{t('settings.crawler.unavailable')}</p>
      ) : (
        <Skeleton height={64} />
      )}
      <p className="settings-note">{t('settings.crawler.config_note')}</p>
    </Card>
  );
}
