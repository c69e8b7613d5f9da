import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UsdValue } from '../../../components/usd-value/usd-value.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { PriceRow } from '../api/get-prices.ts';
import { ariaSortOf, DEFAULT_PRICE_SORT, nextUsdSort, type PriceSort } from '../utils/price-list-params.ts';
import { ConfidencePill } from './confidence-pill.tsx';
import { UnitLabel, PriceTypeLabel } from './price-labels.tsx';
import '../../../components/ui/data-table.css';

type PricesTableProps = {
  rows: readonly PriceRow[];
  onOpen: (observationId: string) => void;
  sort: PriceSort;
  onSort: (sort: PriceSort) => void;
};

const ARROWS = { ascending: '▲', descending: '▼' } as const;

/** Spec §2 columns, plus the USD value per base unit beside the observed price. A row click (or its
 * name button, for the keyboard) opens the evidence. The USD header orders the list on the server
 * (cheapest, dearest, then newest first again); the Observed header goes back to newest first. */
export function PricesTable({ rows, onOpen, sort, onSort }: PricesTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const sortHeader = (column: 'usd' | 'observed', label: string, next: PriceSort) => {
    const state = ariaSortOf(column, sort);
    return (
      <th scope="col" aria-sort={state} className={column === 'usd' ? 'prices-table__num' : undefined}>
        <button
          type="button"
          className="prices-table__sort"
          onClick={() => onSort(next)}
          data-testid={`prices-sort-${column}`}
        >
          {label}
          <span className="prices-table__arrow" aria-hidden="true">
            {state ? ARROWS[state] : ''}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="prices-table__scroll">
      <table className="data-table data-table--hover prices-table" aria-label={t('prices.table.label')}>
        <thead>
          <tr>
            <th scope="col">{t('prices.table.vendor_service')}</th>
            <th scope="col">{t('prices.table.price')}</th>
            <th scope="col">{t('prices.table.unit')}</th>
            {sortHeader('usd', t('prices.table.usd_per_unit'), nextUsdSort(sort))}
            <th scope="col">{t('prices.table.type')}</th>
            <th scope="col">{t('prices.table.confidence')}</th>
            {sortHeader('observed', t('prices.table.observed'), DEFAULT_PRICE_SORT)}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-testid="price-row"
              data-id={row.id}
              data-currency={row.currency}
              data-usd-status={row.usd_status}
              onClick={() => onOpen(row.id)}
            >
              <td>
                <span className="prices-table__vendor">{row.vendor_name}</span>
                <button
                  type="button"
                  className="prices-table__offer"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(row.id);
                  }}
                >
                  {row.offer_name}
                </button>
              </td>
              <td className="prices-table__price">
                <span>{format.money(row.price, row.currency)}</span>
                {row.quantity > 1 && (
                  <span className="prices-table__meta">
                    {t('prices.table.for_quantity', { quantity: format.integer(row.quantity) })}
                  </span>
                )}
              </td>
              <td>
                <UnitLabel unit={row.unit} />
              </td>
              <td className="prices-table__num">
                <UsdValue facts={row} />
              </td>
              <td>
                <PriceTypeLabel type={row.price_type} />
              </td>
              <td>
                <ConfidencePill score={row.confidence_score} observationId={row.id} />
              </td>
              <td>
                <time dateTime={row.observed_at} title={format.dateTime(row.observed_at)}>
                  {format.relativeTime(row.observed_at)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Spec §4: loading shows ten skeleton cards. */
export function PricesSkeleton() {
  return (
    <div className="prices-skeleton" data-testid="prices-skeleton" aria-hidden="true">
      {Array.from({ length: 10 }, (_, index) => (
        <div key={index} className="prices-skeleton__card">
          <Skeleton width="45%" />
          <Skeleton width="70%" height={12} />
          <Skeleton width={64} height={22} />
        </div>
      ))}
    </div>
  );
}
