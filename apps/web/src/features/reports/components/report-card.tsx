import { failureReasonText } from '@preciofab/shared/job-failures';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TechnicalDetail } from '../../../components/ui/technical-detail.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isGenerating, type Report } from '../api/get-reports.ts';
import { formatFileSize } from '../utils/file-size.ts';
import { ReportTypeIcon } from './report-type-icon.tsx';
import '../../../components/ui/fact-list.css';
import { useScheduleInWords } from '../../../lib/describe-schedule.ts';

type Props = {
  report: Report;
  onDownload: () => void;
  downloading: boolean;
  onPreview: () => void;
  /** Null for viewers. */
  onRegenerate: (() => void) | null;
};

/** Why the last generation failed, in the reader's language; the technical text folded beneath. A
 * failure from before the codes says the general reason, its text as the detail. */
function FailedGeneration({ report }: { report: Report }) {
  const { t, language } = useTranslation();
  const reason = failureReasonText(language, {
    code: report.error_code ?? 'unknown',
    ...(report.error_values ? { values: report.error_values } : {}),
  });
  return (
    <div className="report-card__failed" data-testid="report-failure">
      <p>{t('reports.card.failed_with', { error: reason })}</p>
      {report.error && (
        <TechnicalDetail
          label={t('reports.card.technical_detail')}
          detail={report.error}
          testId="report-failure-detail"
        />
      )}
    </div>
  );
}

/** Spec §2: a report with its type, format, size, rows and generation state. */
export function ReportCard({ report, onDownload, downloading, onPreview, onRegenerate }: Props) {
  const { t, locale } = useTranslation();
  const scheduleInWords = useScheduleInWords();
  const format = useFormat();
  const generating = isGenerating(report);
  const hasFile = report.last_generated !== null;

  return (
    <li
      className="report-card"
      data-testid="report-card"
      data-type={report.type}
      data-format={report.format}
      data-status={report.status}
    >
      <div className="report-card__head">
        <span className={`report-card__icon report-card__icon--${report.type}`}>
          <ReportTypeIcon type={report.type} />
        </span>
        <h2 className="report-card__title">{report.name}</h2>
      </div>
      <div className="report-card__kind">
        <span data-testid="report-format">
          <Badge>{t(`reports.formats.${report.format}`)}</Badge>
        </span>
        <span className="report-card__type">
          {t('reports.card.type_label', { type: t(`reports.types.${report.type}`) })}
          {' · '}
          {t('reports.card.period', { days: report.period_days })}
        </span>
      </div>
      {report.description && <p className="report-card__text">{report.description}</p>}
      <dl className="fact-list">
        <div>
          <dt>{t('reports.card.size')}</dt>
          <dd data-testid="report-size">
            {report.file_size === null ? '—' : formatFileSize(report.file_size, locale)}
          </dd>
        </div>
        <div>
          <dt>{t('reports.card.rows')}</dt>
          <dd>{report.rows === null ? '—' : t('reports.card.rows_value', { count: report.rows })}</dd>
        </div>
      </dl>
      <div
        className="report-card__status"
        data-testid="report-status"
        role={generating ? 'status' : undefined}
      >
        {generating ? (
          t(report.status === 'queued' ? 'reports.card.queued' : 'reports.card.generating')
        ) : report.status === 'failed' ? (
          <FailedGeneration report={report} />
        ) : report.last_generated ? (
          <time dateTime={report.last_generated} title={format.dateTime(report.last_generated)}>
            {t('reports.card.generated', { time: format.relativeTime(report.last_generated) })}
          </time>
        ) : (
          t('reports.card.not_generated')
        )}
      </div>
      {report.schedule && (
        <p className="report-card__meta">
          {t('reports.card.scheduled', {
            cron: scheduleInWords(report.schedule),
            zone: report.schedule_time_zone,
          })}
        </p>
      )}
      <div className="report-card__actions">
        <Button
          size="sm"
          onClick={onDownload}
          disabled={!hasFile}
          loading={downloading}
          aria-label={t('reports.card.download_label', { name: report.name })}
          data-testid="report-download"
        >
          {t('reports.card.download')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={onPreview}
          aria-label={t('reports.card.preview_label', { name: report.name })}
          data-testid="report-preview"
        >
          {t('reports.card.preview')}
        </Button>
        {onRegenerate && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onRegenerate}
            disabled={generating}
            aria-label={t('reports.card.regenerate_label', { name: report.name })}
            data-testid="report-regenerate"
          >
            {t('reports.card.regenerate')}
          </Button>
        )}
      </div>
    </li>
  );
}
