import { parseBudgetStopNote, type BudgetStop } from '@preciofab/shared/discovery-budget';
import { issueText, readIssue, reasonText, type DiscoveryIssue } from '@preciofab/shared/discovery-issues';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isRunPending, type DiscoverySource } from '../api/get-sources.ts';
import { useScheduleInWords } from '../../../lib/describe-schedule.ts';
import { scheduleOptionOf } from '../utils/schedule-options.ts';
import { RunFound } from './run-found.tsx';
import '../../../components/ui/fact-list.css';

export type SourceAdminActions = {
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
  busy: boolean;
};

type Props = {
  source: DiscoverySource;
  /** Null for viewers. */
  onRun: (() => void) | null;
  runStarting: boolean;
  /** Null unless the user is an administrator. */
  admin: SourceAdminActions | null;
  /** What the run started from this page found, once it ended (until the next run). */
  found?: number | undefined;
};

/** A source's schedule as the form names it, with the time zone it runs in. */
function Schedule({ cron, zone }: { cron: string; zone: string }) {
  const { t } = useTranslation();
  const inWords = useScheduleInWords();
  const option = scheduleOptionOf(cron);
  if (option === 'manual') return t('discovery.form.schedules.manual');
  const schedule = option
    ? t(`discovery.form.schedules.${option}`)
    : t('discovery.form.schedules.custom', { cron: inWords(cron) });
  return t('discovery.sources.schedule_value', { schedule, zone });
}

/** The technical text behind a reason (the fetcher's or the remote side's words, in English), for
 * whoever needs it, folded away. */
function TechnicalDetail({ issue }: { issue: DiscoveryIssue }) {
  const { t } = useTranslation();
  if (issue.kind !== 'error' || !issue.detail) return null;
  return (
    <details className="discovery-card__detail" data-testid="issue-detail">
      <summary>{t('discovery.sources.technical_detail')}</summary>
      <code>{issue.detail}</code>
    </details>
  );
}

/** Why the last run failed, in words; the technical text folded beneath. */
function FailedRun({ note }: { note: string | null }) {
  const { t, language } = useTranslation();
  const issue = note === null ? null : readIssue(note);
  const reason =
    issue === null
      ? null
      : issue.kind === 'limit'
        ? issueText(language, issue)
        : issue.item === 'source'
          ? reasonText(language, issue)
          : issueText(language, issue);
  return (
    <div className="discovery-card__status discovery-card__status--failed" data-testid="source-failure">
      <p>
        {reason === null
          ? t('discovery.sources.failed')
          : t('discovery.sources.failed_with', { error: reason })}
      </p>
      {issue && <TechnicalDetail issue={issue} />}
    </div>
  );
}

/** Spec §2: a source with its totals, last run and Run now (only for an active, idle source). */
export function SourceCard({ source, onRun, runStarting, admin, found }: Props) {
  const { t, language } = useTranslation();
  const format = useFormat();
  const pending = isRunPending(source) || runStarting;
  const budgetStopText = (stop: BudgetStop) =>
    stop.budget === 'bytes'
      ? t('discovery.sources.budget_stop.bytes', { megabytes: Math.round(stop.limit / (1024 * 1024)) })
      : stop.budget === 'time'
        ? t('discovery.sources.budget_stop.time', { seconds: Math.round(stop.limit / 1000) })
        : t(`discovery.sources.budget_stop.${stop.budget}`, { count: stop.limit });
  const when = (value: string | null, fallback: string) =>
    value ? (
      <time dateTime={value} title={format.dateTime(value)}>
        {format.relativeTime(value)}
      </time>
    ) : (
      fallback
    );

  return (
    <li className="discovery-card" data-testid="source-card" data-status={source.status}>
      <div className="discovery-card__head">
        <h2 className="discovery-card__title">{source.name}</h2>
        <span data-testid="source-active">
          <Badge tone={source.active ? 'good' : 'neutral'}>
            {source.active ? t('discovery.sources.active') : t('discovery.sources.inactive')}
          </Badge>
        </span>
      </div>
      <dl className="fact-list">
        <div>
          <dt>{t('discovery.sources.type')}</dt>
          <dd>{t(`discovery.types.${source.type}`)}</dd>
        </div>
        <div>
          <dt>{t('discovery.sources.total_discovered')}</dt>
          <dd data-testid="source-discovered">{format.integer(source.total_discovered)}</dd>
        </div>
        <div>
          <dt>{t('discovery.sources.total_approved')}</dt>
          <dd>{format.integer(source.total_approved)}</dd>
        </div>
        <div>
          <dt>{t('discovery.sources.last_run')}</dt>
          <dd data-testid="source-last-run">{when(source.last_run_at, t('discovery.sources.never'))}</dd>
        </div>
        <div>
          <dt>{t('discovery.sources.schedule')}</dt>
          <dd data-testid="source-schedule">
            <Schedule cron={source.schedule} zone={source.schedule_time_zone} />
          </dd>
        </div>
        <div>
          <dt>{t('discovery.sources.next_run')}</dt>
          <dd>{when(source.next_run_at, t('discovery.sources.manual_only'))}</dd>
        </div>
      </dl>
      {pending && (
        <p className="discovery-card__status" role="status">
          {t('discovery.sources.running')}
        </p>
      )}
      {!pending && found !== undefined && source.status !== 'failed' && <RunFound count={found} />}
      {!pending && source.status !== 'failed' && source.last_run_errors.length > 0 && (
        <details className="discovery-card__warnings" data-testid="source-warnings">
          <summary>{t('discovery.sources.item_errors', { count: source.last_run_errors.length })}</summary>
          <ul aria-label={t('discovery.sources.item_errors_title')}>
            {source.last_run_errors.map((note, i) => {
              // A run a budget stopped notes which one; the others note what could not be read, and why.
              const stop = parseBudgetStopNote(note);
              if (stop) return <li key={i}>{budgetStopText(stop)}</li>;
              const issue = readIssue(note);
              return (
                <li key={i} data-testid="source-warning">
                  {issueText(language, issue)}
                  <TechnicalDetail issue={issue} />
                </li>
              );
            })}
          </ul>
        </details>
      )}
      {!pending && source.status === 'failed' && <FailedRun note={source.last_error} />}
      {(onRun || admin) && (
        <div className="discovery-card__actions">
          {onRun && (
            <Button
              size="sm"
              onClick={onRun}
              disabled={!source.active || pending}
              loading={pending}
              data-testid="source-run"
            >
              {t('discovery.sources.run_now')}
            </Button>
          )}
          {admin && (
            <>
              <Button size="sm" variant="secondary" onClick={admin.onEdit} data-testid="source-edit">
                {t('discovery.sources.edit')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={admin.onToggleActive}
                disabled={admin.busy}
                data-testid="source-toggle"
              >
                {source.active ? t('discovery.sources.deactivate') : t('discovery.sources.activate')}
              </Button>
              <Button size="sm" variant="ghost" onClick={admin.onDelete} data-testid="source-delete">
                {t('discovery.sources.delete')}
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
