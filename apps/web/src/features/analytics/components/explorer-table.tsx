import { ConfidenceBadge } from '../../../components/confidence/confidence-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UsdValue } from '../../../components/usd-value/usd-value.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import type { ObservationSearchResult } from '../api/search-observations.ts';
import { pageRange, type ExplorerState, type SortColumn } from '../utils/explorer-state.ts';

const COLUMNS: ReadonlyArray<{ field: SortColumn; label: MessageKey; numeric?: boolean }> = [
  { field: 'vendor_name', label: 'analytics.table.vendor' },
  // As the vendor wrote it, in its own currency: amounts in MXN, USD and EUR do not compare.
  { field: 'price', label: 'analytics.table.price', numeric: true },
  { field: 'currency', label: 'analytics.table.currency' },
  // Prices in different currencies and units compare here: the default order, and what the
  // charts measure. Those without a USD value (no rate yet) are labelled and come last either way.
  { field: 'price_usd', label: 'analytics.table.usd_per_unit', numeric: true },
  { field: 'technology', label: 'analytics.table.technology' },
  { field: 'material', label: 'analytics.table.material' },
  { field: 'confidence_score', label: 'analytics.table.confidence' },
  { field: 'observed_at', label: 'analytics.table.observed' },
];

type Props = {
  result: ObservationSearchResult;
  state: ExplorerState;
  onSort: (field: SortColumn) => void;
  onPage: (delta: 1 | -1) => void;
  onOpen: (id: string) => void;
};

/** Server-sorted, server-paged table; a row (or its vendor button, for keyboards) opens the
 * evidence. */
export function ExplorerTable({ result, state, onSort, onPage, onOpen }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const range = pageRange(state.page, result.total);
  const none = t('analytics.not_specified');
  const valueLabel = useValueLabel();
  return (
    <>
      <div className="explorer-table__scroll">
        <table className="explorer-table" aria-label={t('analytics.table.label')}>
          <thead>
            <tr>
              {COLUMNS.map((c) => {
                const sorted = state.sort.field === c.field ? state.sort.order : null;
                return (
                  <th
                    key={c.field}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={c.numeric ? 'explorer-table__num' : undefined}
                  >
                    <button
                      type="button"
                      className="explorer-table__sort"
                      onClick={() => onSort(c.field)}
                      data-testid={`sort-${c.field}`}
                    >
                      {t(c.label)}
                      <span className="explorer-table__arrow" aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {result.data.map((row) => (
              <tr
                key={row.id}
                className="explorer-table__row"
                data-testid="explorer-row"
                onClick={() => onOpen(row.id)}
              >
                <td>
                  <button
                    type="button"
                    className="explorer-table__vendor"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(row.id);
                    }}
                    aria-label={t('analytics.table.open', { vendor: row.vendor_name })}
                  >
                    {row.vendor_name}
                  </button>
                </td>
                {/* The observed price in its currency's minor units, its ISO code beside it. */}
                <td className="explorer-table__num">{format.amount(row.price, row.currency)}</td>
                <td>{row.currency}</td>
                <td className="explorer-table__num">
                  <UsdValue facts={row} />
                </td>
                <td>{row.technology ? valueLabel('technology', row.technology) : none}</td>
                <td>{row.material ? valueLabel('material', row.material) : none}</td>
                <td>
                  <ConfidenceBadge score={row.confidence_score} observationId={row.id} />
                </td>
                <td>
                  <time dateTime={row.observed_at}>{format.date(row.observed_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.data.length === 0 && <p className="explorer__muted">{t('analytics.table.empty')}</p>}
      <nav className="explorer-paging" aria-label={t('analytics.paging.label')}>
        <p data-testid="paging-text" aria-live="polite">
          {t('analytics.paging.showing', { from: range.from, to: range.to, total: range.total })}
        </p>
        <div className="explorer-paging__buttons">
          <Button
            variant="secondary"
            size="sm"
            disabled={!range.hasPrevious}
            onClick={() => onPage(-1)}
            data-testid="page-previous"
          >
            {t('analytics.paging.previous')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!range.hasNext}
            onClick={() => onPage(1)}
            data-testid="page-next"
          >
            {t('analytics.paging.next')}
          </Button>
        </div>
      </nav>
    </>
  );
}
