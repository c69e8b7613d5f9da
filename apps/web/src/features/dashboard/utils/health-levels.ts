import type { Tone } from '../../../components/ui/badge.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import type { Health } from '../../../lib/get-health.ts';

/** Spec §2: resource bars are good below 70 %, warning below 85 %, danger otherwise. */
export function resourceTone(percent: number): Extract<Tone, 'good' | 'warning' | 'danger'> {
  if (percent < 70) return 'good';
  if (percent < 85) return 'warning';
  return 'danger';
}

/** Spec §2: disk above 85 % is a warning. */
export function diskNeedsWarning(percent: number): boolean {
  return percent > 85;
}

export type ServiceStatus = Health['status'] | Health['services']['crawler']['status'];

const STATUSES: Record<ServiceStatus, { tone: Tone; key: MessageKey }> = {
  healthy: { tone: 'good', key: 'health.status.healthy' },
  degraded: { tone: 'warning', key: 'health.status.degraded' },
  unhealthy: { tone: 'danger', key: 'health.status.unhealthy' },
  running: { tone: 'good', key: 'health.status.running' },
  idle: { tone: 'neutral', key: 'health.status.idle' },
  stopped: { tone: 'warning', key: 'health.status.stopped' },
};

/** The badge colour and label of a status reported by /health. */
export function statusDisplay(status: ServiceStatus): { tone: Tone; key: MessageKey } {
  return STATUSES[status];
}
