import { useTranslation } from '../../i18n/use-translation.ts';
import { useValueLabel } from '../../i18n/use-value-label.ts';
import { buildPreview } from '../../lib/export/export-config.ts';
import { labelCell } from '../../lib/export/label-values.ts';
import { estimateBytes, formatBytes } from '../../lib/export/size.ts';
import type { ExportRow, FieldDescriptor } from '../../lib/export/types.ts';
import { textValue } from '../../lib/export/values.ts';

type Props = { fields: readonly FieldDescriptor[]; selected: readonly string[]; rows: readonly ExportRow[] };

/** Spec §2: at most 5 columns and 3 rows, an ellipsis for the rest, and the size estimate. */
export function ExportPreview({ fields, selected, rows }: Props) {
  const { t, locale } = useTranslation();
  const valueLabel = useValueLabel();
  const preview = buildPreview(fields, selected, rows);
  const format = { locale, yes: t('export.yes'), no: t('export.no') };
  return (
    <div className="export-preview">
      <h4 className="export-preview__title">{t('export.preview.title')}</h4>
      {preview.columns.length > 0 && (
        <div
          className="export-preview__scroll"
          tabIndex={0}
          role="region"
          aria-label={t('export.preview.label')}
        >
          <table className="export-preview__table" data-testid="export-preview">
            <thead>
              <tr>
                {preview.columns.map((c) => (
                  <th key={c.key} scope="col">
                    {t(c.label)}
                  </th>
                ))}
                {preview.extraColumns > 0 && (
                  <th scope="col" className="export-preview__more">
                    {t('export.preview.more_columns', { count: preview.extraColumns })}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((cells, r) => (
                <tr key={r}>
                  {cells.map((value, i) => {
                    const f = preview.columns[i]!;
                    const cell = labelCell(value, f, valueLabel);
                    return <td key={f.key}>{textValue(cell, { ...f, label: '' }, format)}</td>;
                  })}
                  {preview.extraColumns > 0 && <td className="export-preview__more">…</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.extraRows > 0 && (
        <p className="export-preview__note">{t('export.preview.more_rows', { count: preview.extraRows })}</p>
      )}
      <p className="export-preview__size" data-testid="export-size">
        {t('export.size_estimate', {
          size: formatBytes(estimateBytes(selected.length, rows.length), locale),
          rows: rows.length,
          fields: selected.length,
        })}
      </p>
    </div>
  );
}
