import { useMemo, useState } from 'react';
import type { VendorType } from '@preciofab/shared/catalogue';
import { Badge } from '../../../components/ui/badge.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { canWrite, type ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVendors, type Vendor } from '../api/get-vendors.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { AddVendorModal } from './add-vendor-modal.tsx';
import { DeleteVendorDialog } from './delete-vendor-dialog.tsx';
import { ImportVendorsModal } from './import-vendors-modal.tsx';
import { VendorBulkBar } from './vendor-bulk-bar.tsx';
import { UploadIcon } from './vendor-icons.tsx';
import { VendorFilters } from './vendor-filters.tsx';
import { NoMatchingVendors, NoVendors, VendorsLoadError, VendorTips } from './vendors-states.tsx';
import { VendorsTable, VendorsTableSkeleton } from './vendors-table.tsx';
import './vendors.css';

/** Spec §2: the search box waits for a 300 ms pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** /vendors. Viewers only read: the write actions are hidden for them. */
export function VendorsPage({ role }: ScreenProps) {
  const canManage = canWrite(role);
  const { t } = useTranslation();
  useDocumentTitle(t('vendors.title'));
  const [search, setSearch] = useState('');
  const [vendorType, setVendorType] = useState<VendorType | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Vendor | null>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const vendors = useVendors({ search: debouncedSearch, vendorType });
  const filtered = debouncedSearch !== '' || vendorType !== null;
  const openAdd = canManage ? () => setAdding(true) : null;

  const listed = useMemo(() => vendors.data?.data ?? [], [vendors.data]);
  // Only listed rows count as selected: a filter hides the others from every bulk action.
  const selected = useMemo(() => listed.filter((v) => selectedIds.has(v.id)), [listed, selectedIds]);
  const selection = {
    selected: selectedIds,
    onToggle: (id: string) =>
      setSelectedIds((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    onToggleAll: (checked: boolean) => setSelectedIds(checked ? new Set(listed.map((v) => v.id)) : new Set()),
  };

  const clearFilters = () => {
    setSearch('');
    setVendorType(null);
  };

  return (
    <div className="vendors-page">
      <PageHeader
        title={t('vendors.title')}
        badge={
          vendors.data && (
            <span data-testid="vendors-total">
              <Badge>{t('vendors.total', { count: vendors.data.total })}</Badge>
            </span>
          )
        }
        subtitle={t('vendors.subtitle')}
        actions={
          openAdd && (
            <div className="vendors-page__actions">
              <Button variant="secondary" onClick={() => setImporting(true)} data-testid="import-vendors">
                <UploadIcon />
                {t('vendor_tools.import.button')}
              </Button>
              <Button onClick={openAdd} data-testid="add-vendor">
                <PlusIcon size={16} />
                {t('vendors.add')}
              </Button>
            </div>
          )
        }
      />

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
          ) : listed.length > 0 ? (
            <>
              <VendorBulkBar
                vendors={listed}
                selected={selected}
                canCrawl={canManage}
                onClear={() => setSelectedIds(new Set())}
              />
              <VendorsTable
                vendors={listed}
                selection={selection}
                actions={canManage ? { onEdit: setEditing, onDelete: setDeleting } : undefined}
              />
            </>
          ) : filtered ? (
            <NoMatchingVendors onClear={clearFilters} />
          ) : (
            <NoVendors onAdd={openAdd} />
          )}
        </Card>
      )}

      <VendorTips />
      {adding && <AddVendorModal onClose={() => setAdding(false)} />}
      {importing && <ImportVendorsModal onClose={() => setImporting(false)} />}
      {editing && <AddVendorModal vendor={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteVendorDialog vendor={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
