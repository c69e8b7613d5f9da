import { useState } from 'react';
import type { VendorType } from '@preciofab/shared/catalogue';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVendors } from '../api/get-vendors.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { AddVendorModal } from './add-vendor-modal.tsx';
import { VendorFilters } from './vendor-filters.tsx';
import { NoMatchingVendors, NoVendors, VendorsLoadError, VendorTips } from './vendors-states.tsx';
import { VendorsTable, VendorsTableSkeleton } from './vendors-table.tsx';
import './vendors.css';

/** Spec §2: the search box waits for a 300 ms pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** /vendors. `canManage` is false for viewers, who only read (the server answers 403 anyway). */
export function VendorsPage({ canManage = true }: { canManage?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('vendors.title'));
  const [search, setSearch] = useState('');
  const [vendorType, setVendorType] = useState<VendorType | null>(null);
  const [adding, setAdding] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const vendors = useVendors({ search: debouncedSearch, vendorType });
  const filtered = debouncedSearch !== '' || vendorType !== null;
  const openAdd = canManage ? () => setAdding(true) : null;

  const clearFilters = () => {
    setSearch('');
    setVendorType(null);
  };

  return (
    <div className="vendors-page">
      <header className="vendors-page__header">
        <div>
          <div className="vendors-page__title">
            <h1>{t('vendors.title')}</h1>
            {vendors.data && (
              <span data-testid="vendors-total">
                <Badge>{t('vendors.total', { count: vendors.data.total })}</Badge>
              </span>
            )}
          </div>
          <p className="vendors-page__subtitle">{t('vendors.subtitle')}</p>
        </div>
        {openAdd && (
          <Button onClick={openAdd} data-testid="add-vendor">
            <PlusIcon size={16} />
            {t('vendors.add')}
          </Button>
        )}
      </header>

      {vendors.isError && !vendors.data ? (
        <VendorsLoadError />
      ) : (
        <Card className="vendors-card" aria-busy={vendors.isFetching}>
          <VendorFilters
            search={search}
            onSearchChange={setSearch}
            vendorType={vendorType}
            onVendorTypeChange={setVendorType}
          />
          {!vendors.data ? (
            <VendorsTableSkeleton />
          ) : vendors.data.data.length > 0 ? (
            <VendorsTable vendors={vendors.data.data} />
          ) : filtered ? (
            <NoMatchingVendors onClear={clearFilters} />
          ) : (
            <NoVendors onAdd={openAdd} />
          )}
        </Card>
      )}

      <VendorTips />
      {adding && <AddVendorModal onClose={() => setAdding(false)} />}
    </div>
  );
}
