import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Currency } from '@preciofab/shared/catalogue';
import { EvidenceModal } from '../../../components/evidence/evidence-modal.tsx';
import { linkedObservation, withoutEvidenceLink } from '../utils/evidence-link.ts';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { PRICE_FIELDS } from '../../../lib/export/field-sets.ts';
import { canWrite, type ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PRICES_LIMIT, usePrices } from '../api/get-prices.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { currencyOptions } from '../utils/price-display.ts';
import { usePriceCurrencies } from '../api/get-price-currencies.ts';
import { readPriceParams, writePriceParams, type PriceListParams } from '../utils/price-list-params.ts';
import { AddPriceModal } from './add-price-modal.tsx';
import { PriceHeatmap, PriceScatter, PriceTimeline } from './price-charts.tsx';
import {
  NoMatchingPrices,
  PricesEmptyGuide,
  PricesInfo,
  PricesLoadError,
  PricesTips,
} from './prices-states.tsx';
import { PricesSkeleton, PricesTable } from './prices-table.tsx';
import { PricesToolbar, type PriceView } from './prices-toolbar.tsx';
import './prices.css';

/** Same pause as the vendors search before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** /prices. Viewers only read: Add price is hidden for them. */
export function PricesPage({ role }: ScreenProps) {
  const canManage = canWrite(role);
  const { t } = useTranslation();
  useDocumentTitle(t('prices.title'));
  const [search, setSearch] = useState('');
  // The currency and the order live in the address: a link to /prices?currency=CLP works even when
  // no loaded row is in CLP yet, and a reload keeps them.
  const [params, setParams] = useSearchParams();
  const { currency, sort } = readPriceParams(params);
  const setListParams = (next: Partial<PriceListParams>) =>
    setParams((previous) => writePriceParams(previous, next), { replace: true });
  const setCurrency = (value: Currency | null) => setListParams({ currency: value });
  const [view, setView] = useState<PriceView>('table');
  const [adding, setAdding] = useState(false);
  // The observation whose evidence to show (a row or chart click, or a link from an alert's email:
  // /prices?observation=<id>).
  const [evidenceId, setEvidenceId] = useState<string | null>(() => linkedObservation(params));
  const closeEvidence = () => {
    setEvidenceId(null);
    if (params.has('observation')) setParams((previous) => withoutEvidenceLink(previous), { replace: true });
  };
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo(
    () => ({ search: debouncedSearch, currency, sort }),
    [debouncedSearch, currency, sort],
  );
  const prices = usePrices(filters, PRICES_LIMIT);
  // The charts are computed by the server over every price matching the same filters.
  const chartFilters = useMemo(() => ({ search: debouncedSearch, currency }), [debouncedSearch, currency]);

  const rows = useMemo(() => prices.data?.pages.flatMap((page) => page.data) ?? [], [prices.data]);
  const total = prices.data?.pages[0]?.total;
  const stored = usePriceCurrencies().data?.data;
  const currencies = useMemo(() => currencyOptions(rows, currency, stored), [rows, currency, stored]);
  const filtered = debouncedSearch !== '' || currency !== null;
  const openAdd = canManage ? () => setAdding(true) : null;
  const clearFilters = () => {
    setSearch('');
    setCurrency(null);
  };

  const content = () => {
    if (!prices.data) return <PricesSkeleton />;
    if (rows.length === 0)
      return filtered ? <NoMatchingPrices onClear={clearFilters} /> : <PricesEmptyGuide onAdd={openAdd} />;
    if (view === 'table') {
      return (
        <>
          <PricesTable
            rows={rows}
            onOpen={setEvidenceId}
            sort={sort}
            onSort={(next) => setListParams({ sort: next })}
          />
          {prices.hasNextPage && (
            <div className="prices-more">
              <Button
                variant="secondary"
                onClick={() => void prices.fetchNextPage()}
                loading={prices.isFetchingNextPage}
                data-testid="prices-load-more"
              >
                {t('prices.load_more', { shown: rows.length, total: total ?? rows.length })}
              </Button>
            </div>
          )}
        </>
      );
    }
    const Chart = view === 'timeline' ? PriceTimeline : view === 'heatmap' ? PriceHeatmap : PriceScatter;
    return <Chart filters={chartFilters} onOpen={setEvidenceId} />;
  };

  return (
    <div className="prices-page" data-evidence-id={evidenceId ?? undefined}>
      <PageHeader
        title={t('prices.title')}
        badge={
          total !== undefined && (
            <span data-testid="prices-total">
              <Badge>{t('prices.total', { count: total })}</Badge>
            </span>
          )
        }
        subtitle={t('prices.subtitle')}
        actions={
          <div className="prices-page__actions">
            <ExportButton
              rows={rows}
              fields={PRICE_FIELDS}
              fileBase="prices"
              defaultFormat="prices"
              titleKey="prices.title"
            />
            {openAdd && (
              <Button onClick={openAdd} data-testid="add-price">
                <PlusIcon size={16} />
                {t('prices.add')}
              </Button>
            )}
          </div>
        }
      />

      <PricesInfo />
      {prices.isError && !prices.data ? (
        <PricesLoadError />
      ) : (
        <Card className="prices-card" aria-busy={prices.isFetching}>
          <PricesToolbar
            search={search}
            onSearchChange={setSearch}
            currency={currency}
            currencies={currencies}
            onCurrencyChange={setCurrency}
            view={view}
            onViewChange={setView}
          />
          {content()}
        </Card>
      )}
      <PricesTips />
      {adding && <AddPriceModal onClose={() => setAdding(false)} />}
      {evidenceId && <EvidenceModal observationId={evidenceId} onClose={closeEvidence} />}
    </div>
  );
}
