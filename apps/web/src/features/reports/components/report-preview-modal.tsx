import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useReportPreview } from '../api/get-report-preview.ts';
import type { Report } from '../api/get-reports.ts';
import { createCellFormatter, isNumeric } from '../utils/preview-cell.ts';

/** The real first rows of the generated file; a report without a file has no preview. */
export function ReportPreviewModal({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('reports.preview.title', { name: report.name })}
      closeLabel={t('reports.preview.close')}
      onClose={onClose}
      size="lg"
    >
      <div className="modal__body" data-testid="report-preview-body">
        {report.last_generated ? (
          <PreviewTable report={report} />
        ) : (
          <p className="report-preview__message">{t('reports.preview.no_preview')}</p>
        )}
      </div>
    </Modal>
  );
}

function PreviewTable({ report }: { report: Report }) {
  const { t, locale } = useTranslation();
  const preview = useReportPreview(report.id, report.last_generated);
  if (preview.isPending) {
    return (
      <p className="report-preview__message" role="status">
        <Spinner size={16} /> {t('reports.preview.loading')}
      </p>
    );
  }
  if (preview.isError) return <p className="report-preview__message">{t('reports.preview.no_preview')}</p>;
  const { columns, rows, total_rows: total } = preview.data;
  if (rows.length === 0) return <p className="report-preview__message">{t('reports.preview.empty')}</p>;
  const cell = createCellFormatter(locale);
  return (
    <div
      className="report-preview__scroll"
      tabIndex={0}
      role="region"
      aria-labelledby="report-preview-caption"
    >
      <table className="report-preview__table">
        <caption id="report-preview-caption">
          {t('reports.preview.caption', { shown: rows.length, total })}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={isNumeric(column) ? 'is-numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} data-testid="preview-row">
              {columns.map((column) => (
                <td key={column.key} className={isNumeric(column) ? 'is-numeric' : undefined}>
                  {cell(row[column.key], column, row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
