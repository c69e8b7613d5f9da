import type { Language } from './catalogue.ts';
import { REPORT_TYPES } from './catalogue.ts';
import { translate } from './i18n/messages.ts';
import { findValueLabel, type ValueGroup } from './value-labels.ts';

export type ReportType = (typeof REPORT_TYPES)[number];

/** How a column's values are typed in every format: text, money (in USD, 2 decimals, unless the
 * column names its row's currency), a whole number, a 0–1 fraction shown as a percentage, a
 * calendar date or a date-time. */
export type ReportColumnKind = 'text' | 'money' | 'integer' | 'percent' | 'date' | 'datetime';

/** Catalogue groups of coded values, shown by their label (value-labels.ts); `category_list` is a
 * comma-separated list of categories. */
export type ReportValueGroup = ValueGroup | 'category_list';

export type ReportColumn = {
  key: string;
  kind: ReportColumnKind;
  /** Relative width (characters in XLSX, weight of the page width in PDF). */
  width: number;
  /** The column holds codes of this group, written as their labels. */
  values?: ReportValueGroup;
  /** Money in the currency the row's column of this key names (an observed price): written with
   * that currency's ISO 4217 minor units (12490 CLP, 85,000.00 COP). Money without it is USD. */
  currencyKey?: string;
};

const col = (
  key: string,
  kind: ReportColumnKind,
  width?: number,
  values?: ReportValueGroup,
): ReportColumn => ({
  key,
  kind,
  width: width ?? (kind === 'text' ? 18 : kind === 'datetime' ? 17 : 12),
  ...(values ? { values } : {}),
});

/** The columns of each report type, in file order. Labels are `reports.columns.<key>` in the
 * shared messages, so a key means the same thing in every type. */
export const REPORT_COLUMNS: Record<ReportType, readonly ReportColumn[]> = {
  pricing: [
    col('observed_at', 'date'),
    col('vendor', 'text', 24),
    col('offer', 'text', 28),
    col('category', 'text', undefined, 'category'),
    col('subcategory', 'text', 14, 'subcategory'),
    col('region', 'text', 10, 'region'),
    // The price as observed, in its currency and unit; then USD per base unit at the rate in force
    // on its date (empty when the price is not convertible: no rate yet, or no base unit).
    { ...col('price', 'money'), currencyKey: 'currency' },
    col('currency', 'text', 9),
    col('unit', 'text', 9, 'unit'),
    col('price_usd', 'money', 14),
    col('base_unit', 'text', 10, 'unit'),
    col('price_net_usd', 'money', 17),
    col('tax_state', 'text', 11, 'tax_state'),
    col('confidence', 'percent', 11),
  ],
  vendor: [
    col('vendor', 'text', 28),
    col('vendor_type', 'text', 14, 'vendor_type'),
    col('city', 'text', 16),
    col('region', 'text', 10, 'region'),
    col('trust_score', 'percent'),
    col('price_count', 'integer'),
    col('median_price_usd', 'money', 14),
  ],
  benchmark: [
    col('category', 'text', undefined, 'category'),
    col('subcategory', 'text', 14, 'subcategory'),
    col('base_unit', 'text', 10, 'unit'),
    col('region', 'text', 10, 'region'),
    col('time_window_days', 'integer', 10),
    col('p10', 'money', 10),
    col('p25', 'money', 10),
    col('p50', 'money', 10),
    col('p75', 'money', 10),
    col('p90', 'money', 10),
    col('mean', 'money', 10),
    col('stddev', 'money', 10),
    col('observation_count', 'integer', 10),
    col('vendor_count', 'integer', 10),
    col('average_confidence', 'percent', 11),
    col('calculated_at', 'datetime'),
  ],
  discovery: [
    col('title', 'text', 26),
    col('domain', 'text', 22),
    col('url', 'text', 30),
    col('source', 'text', 18),
    col('status', 'text', 12, 'candidate_status'),
    col('confidence', 'percent', 11),
    col('suggestions', 'text', 24, 'category_list'),
    col('discovered_at', 'date'),
  ],
};

/** The rows as written: coded values (vendor types, categories, regions, units, subcategories, …)
 * replaced by their labels in `lang`; a code without a label stays as it is. */
export function labelReportValues<R extends Record<string, unknown>>(
  lang: Language,
  columns: readonly ReportColumn[],
  rows: readonly R[],
): R[] {
  const coded = columns.filter((c) => c.values);
  if (coded.length === 0) return [...rows];
  // A report has few distinct codes and up to 50,000 rows: each is looked up once.
  const known = new Map<string, string>();
  const label = (group: ValueGroup, code: string) => {
    const key = `${group}\u0000${code}`;
    let text = known.get(key);
    if (text === undefined) {
      text = findValueLabel(lang, group, code) ?? code;
      known.set(key, text);
    }
    return text;
  };
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const c of coded) {
      const code = row[c.key];
      if (typeof code !== 'string' || !c.values) continue;
      out[c.key] =
        c.values === 'category_list'
          ? code
              .split(/,\s*/)
              .map((item) => label('category', item))
              .join(', ')
          : label(c.values, code);
    }
    return out as R;
  });
}

export const reportColumnLabel = (lang: Language, key: string): string =>
  translate(lang, `reports.columns.${key}`);

/** A report's default name: its type and period, in the requester's language. */
export const defaultReportName = (lang: Language, type: ReportType, periodDays: number): string =>
  translate(lang, `reports.default_name.${type}`, { days: periodDays });
