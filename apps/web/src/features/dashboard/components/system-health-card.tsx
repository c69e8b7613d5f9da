import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Meter } from '../../../components/ui/meter.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useHealth, type Health } from '../../../lib/get-health.ts';
import { diskNeedsWarning, resourceTone, statusDisplay, type ServiceStatus } from '../utils/health-levels.ts';

function StatusBadge({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation();
  const { tone, key } = statusDisplay(status);
  return <Badge tone={tone}>{t(key)}</Badge>;
}

function Service({ name, status, children }: { name: string; status: ServiceStatus; children: ReactNode }) {
  return (
    <div className="health-service">
      <div className="health-service__head">
        <h3>{name}</h3>
        <StatusBadge status={status} />
      </div>
      <dl className="health-service__facts">{children}</dl>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function HealthDetails({ health }: { health: Health }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { api, crawler, database, system } = health.services;
  const resources = [
    { label: t('health.disk'), value: system.disk_percent },
    { label: t('health.memory'), value: system.memory_percent },
    { label: t('health.cpu'), value: system.cpu_percent },
  ];

  return (
    <>
      <Service name={t('health.api')} status={api.status}>
        <Fact label={t('health.uptime')}>{format.duration(api.uptime_seconds)}</Fact>
        <Fact label={t('health.memory')}>
          {format.megabytes(api.memory_usage_mb)} · {format.percent(api.memory_percent)}
        </Fact>
      </Service>
      <Service name={t('health.crawler')} status={crawler.status}>
        <Fact label={t('health.workers')}>
          {t('health.workers_value', { active: crawler.active_workers, total: crawler.total_workers })}
        </Fact>
        <Fact label={t('health.queued_jobs')}>{format.integer(crawler.queued_jobs)}</Fact>
        <Fact label={t('health.last_activity')}>
          {crawler.last_activity ? format.relativeTime(crawler.last_activity) : t('common.never')}
        </Fact>
      </Service>
      <Service name={t('health.database')} status={database.status}>
        <Fact label={t('health.engine')}>{t(`health.engines.${database.engine}`)}</Fact>
        <Fact label={t('health.size')}>{format.megabytes(database.size_mb)}</Fact>
        <Fact label={t('health.connections')}>
          {t('health.connections_value', {
            active: database.active_connections,
            max: database.max_connections,
          })}
        </Fact>
      </Service>
      <div className="health-resources">
        <h3>{t('health.system')}</h3>
        {resources.map((resource) => (
          <Meter
            key={resource.label}
            label={resource.label}
            value={resource.value}
            valueText={format.percent(resource.value)}
            tone={resourceTone(resource.value)}
          />
        ))}
        {diskNeedsWarning(system.disk_percent) && <Alert tone="warning">{t('health.disk_warning')}</Alert>}
      </div>
      <p className="health-card__meta">
        {t('health.version', { version: health.version })} ·{' '}
        <time dateTime={health.timestamp} title={format.dateTime(health.timestamp)}>
          {t('health.checked', { time: format.relativeTime(health.timestamp) })}
        </time>
      </p>
    </>
  );
}

/** API, crawler, database and system resources from GET /health (spec §2). */
export function SystemHealthCard() {
  const { t } = useTranslation();
  const health = useHealth();

  return (
    <Card
      title={t('health.title')}
      className="health-card"
      data-testid="system-health"
      aria-busy={health.isPending}
      actions={health.data && <StatusBadge status={health.data.status} />}
    >
      {health.data ? (
        <HealthDetails health={health.data} />
      ) : health.isError ? (
        <Alert tone="error">{t('health.unable_to_fetch')}</Alert>
      ) : (
        <div className="health-skeleton">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={18} />
          ))}
        </div>
      )}
    </Card>
  );
}
