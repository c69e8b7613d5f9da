import { countryName } from '@preciofab/shared/country-names';
import { countryCodeOf } from '@preciofab/shared/geo';
import { translate } from '@preciofab/shared/i18n/messages';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import type { ImportRow } from '../utils/vendor-import.ts';
import '../../../components/ui/data-table.css';

/** Each import column's label in the add-vendor form, to name the field of an error. */
const FIELD_LABELS: Record<string, MessageKey> = {
  name: 'vendors.form.name',
  type: 'vendors.form.type',
  website: 'vendors.form.website',
  city: 'vendors.form.city',
  state: 'vendors.form.state',
  country: 'vendors.form.country',
  capabilities: 'vendors.form.sections.capabilities',
  contact_email: 'vendors.form.email',
  contact_phone: 'vendors.form.phone',
  description: 'vendors.form.description',
};

type Props = {
  rows: readonly ImportRow[];
  /** Errors the server gave for rows it refused (already translated), by row number. */
  serverErrors: ReadonlyMap<number, { field: string; message: string }[]>;
};

/** Every row of the file with its status: ready, or its errors under the field they concern. */
export function ImportPreviewTable({ rows, serverErrors }: Props) {
  const { t, language, locale } = useTranslation();
  const valueLabel = useValueLabel();
  const fieldName = (field: string) => {
    const top = field.split('.')[0] ?? field;
    const key = FIELD_LABELS[top];
    return key ? t(key) : top;
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  /** The row's city and country, the country named in the reader's language (a row without one is
   * in Mexico, as the server will store it); a name we cannot place is shown as written. */
  const place = (input: Record<string, unknown>) => {
    const written = text(input.country).trim();
    const code = written ? countryCodeOf(written) : 'MX';
    return [text(input.city), code ? countryName(code, locale) : written].filter(Boolean).join(', ');
  };

  return (
    <div
      className="vendors-table__scroll import-preview"
      tabIndex={0}
      role="region"
      aria-label={t('vendor_tools.import.table_label')}
    >
      <table className="data-table vendors-table" data-testid="import-preview">
        <thead>
          <tr>
            <th scope="col">{t('vendor_tools.import.row')}</th>
            <th scope="col">{t('vendor_tools.import.name')}</th>
            <th scope="col">{t('vendor_tools.import.type')}</th>
            <th scope="col">{t('vendor_tools.import.location')}</th>
            <th scope="col">{t('vendor_tools.import.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const messages = [
              ...row.errors.map((e) => ({
                field: e.field,
                message: translate(language, e.message, e.values),
              })),
              ...(serverErrors.get(row.rowNumber) ?? []),
            ];
            return (
              <tr
                key={row.rowNumber}
                data-testid="import-row"
                data-invalid={messages.length > 0 || undefined}
              >
                <td>{row.rowNumber}</td>
                <td>{text(row.input.name)}</td>
                {/* The type in words; one outside the list (an error of the row) as it was written. */}
                <td>{valueLabel('vendor_type', text(row.input.type))}</td>
                <td>{place(row.input)}</td>
                <td>
                  {messages.length === 0 ? (
                    <span className="import-preview__ok">{t('vendor_tools.import.ok')}</span>
                  ) : (
                    <ul className="import-preview__errors">
                      {messages.map((m, i) => (
                        <li key={i}>
                          {t('vendor_tools.import.field_error', {
                            field: fieldName(m.field),
                            message: m.message,
                          })}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
