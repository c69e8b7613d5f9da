import { useMemo, useState } from 'react';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { REPORT_FIELDS } from '../../../lib/export/field-sets.ts';
import { canWrite, type ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useReports, type Report } from '../api/get-reports.ts';
import { countByFilter, filterReports, type ReportFilter } from '../utils/report-filter.ts';
import { CreateReportModal } from './create-report-modal.tsx';
import { ReportFilters } from './report-filters.tsx';
import { ReportPreviewModal } from './report-preview-modal.tsx';
import { ReportsGrid } from './reports-grid.tsx';
import { NoReports, ReportsLoadError, ReportsSkeleton } from './reports-states.tsx';
import './reports.css';

/** /reports: generated reports to download and preview; operators and admins also create and
 * regenerate them. */
export function ReportsPage({ role }: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('reports.title'));
  const reports = useReports();
  const [filter, setFilter] = useState<ReportFilter>('all');
  const [previewing, setPreviewing] = useState<Report | null>(null);
  const [creating, setCreating] = useState(false);
  const writer = canWrite(role);
  const counts = useMemo(() => (reports.data ? countByFilter(reports.data) : null), [reports.data]);
  const listed = useMemo(() => filterReports(reports.data ?? [], filter), [reports.data, filter]);

  return (
    <div className="reports-page">
      <PageHeader
        title={t('reports.title')}
        subtitle={t('reports.subtitle')}
        actions={
          writer && (
            <Button onClick={() => setCreating(true)} data-testid="create-report">
              <PlusIcon size={16} />
              {t('reports.create')}
            </Button>
          )
        }
      />

      {reports.isError && !reports.data ? (
        <ReportsLoadError />
      ) : !reports.data ? (
        <ReportsSkeleton />
      ) : reports.data.length === 0 ? (
        <NoReports />
      ) : (
        <>
          <ReportFilters value={filter} counts={counts} onChange={setFilter} />
          <ReportsGrid reports={listed} canRegenerate={writer} onPreview={setPreviewing} />
        </>
      )}

      {/* Spec §2: the export-current block exports the listed reports (CSV by default). */}
      {reports.data && reports.data.length > 0 && (
        <Card className="reports-export" data-testid="reports-export">
          <div className="reports-export__body">
            <div>
              <h2 className="reports-export__title">{t('reports.export_block.title')}</h2>
              <p className="reports-export__text">
                {t('reports.export_block.text', { count: listed.length })}
              </p>
            </div>
            <ExportButton rows={listed} fields={REPORT_FIELDS} fileBase="reports" titleKey="reports.title" />
          </div>
        </Card>
      )}

      {previewing && <ReportPreviewModal report={previewing} onClose={() => setPreviewing(null)} />}
      {creating && (
        <CreateReportModal
          onClose={() => setCreating(false)}
          timeZone={reports.data?.[0]?.schedule_time_zone}
        />
      )}
    </div>
  );
}
