import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDownloadReport } from '../api/download-report.ts';
import { useGenerateReport } from '../api/generate-report.ts';
import type { Report } from '../api/get-reports.ts';
import { ReportCard } from './report-card.tsx';

type Props = { reports: Report[]; canRegenerate: boolean; onPreview: (report: Report) => void };

/** The cards of the listed reports, with their download and regenerate actions. */
export function ReportsGrid({ reports, canRegenerate, onPreview }: Props) {
  const { t } = useTranslation();
  const download = useDownloadReport();
  const generate = useGenerateReport();
  const failed = (error: unknown, fallback: string) =>
    toast.error(
      error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        ![401, 403].includes(error.status)
        ? error.detail || fallback
        : describeApiError(error, t),
    );

  if (reports.length === 0) return <p className="reports-grid__none">{t('reports.empty.filtered')}</p>;

  return (
    <ul className="reports-grid" aria-label={t('reports.card.list_label')}>
      {reports.map((report) => (
        <ReportCard
          key={report.id}
          report={report}
          onPreview={() => onPreview(report)}
          downloading={download.isPending && download.variables.id === report.id}
          onDownload={() =>
            download.mutate(
              { id: report.id, fallbackName: `${report.name}.${report.format}` },
              {
                onSuccess: (file) => toast.success(t('reports.toasts.downloaded', { file: file.fileName })),
                onError: (error) => failed(error, t('reports.toasts.download_failed', { name: report.name })),
              },
            )
          }
          onRegenerate={
            canRegenerate
              ? () =>
                  generate.mutate(report.id, {
                    onSuccess: () => toast.success(t('reports.toasts.regenerating', { name: report.name })),
                    onError: (error) =>
                      failed(error, t('reports.toasts.regenerate_failed', { name: report.name })),
                  })
              : null
          }
        />
      ))}
    </ul>
  );
}
