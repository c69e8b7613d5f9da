import { countryName } from '@preciofab/shared/country-names';
import { Button } from '../../../components/ui/button.tsx';
import { ExternalLinkIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { Vendor } from '../api/get-vendors.ts';
import { TrustBadge } from './trust-badge.tsx';
import { PencilIcon, TrashIcon } from './vendor-icons.tsx';
import { SelectAllBox } from './select-all-box.tsx';
import { VendorTypeBadge } from './vendor-type-badge.tsx';
import '../../../components/ui/data-table.css';

/** "example.com" for "https://www.example.com/shop". */
function siteLabel(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

export type RowSelection = {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (checked: boolean) => void;
};

type RowActions = { onEdit: (vendor: Vendor) => void; onDelete: (vendor: Vendor) => void };

function TableHead({
  selection,
  ids,
  actions,
}: {
  selection?: RowSelection;
  ids?: string[];
  actions?: boolean;
}) {
  const { t } = useTranslation();
  const chosen = ids?.filter((id) => selection?.selected.has(id)).length ?? 0;
  return (
    <thead>
      <tr>
        {selection && ids && (
          <th scope="col" className="vendors-table__select">
            <SelectAllBox
              label={t('vendor_tools.select_all')}
              checked={ids.length > 0 && chosen === ids.length}
              indeterminate={chosen > 0 && chosen < ids.length}
              onChange={selection.onToggleAll}
            />
          </th>
        )}
        <th scope="col">{t('vendors.table.name')}</th>
        <th scope="col">{t('vendors.table.type')}</th>
        <th scope="col">{t('vendors.table.location')}</th>
        <th scope="col">{t('vendors.table.trust')}</th>
        <th scope="col">{t('vendors.table.website')}</th>
        {actions && <th scope="col">{t('vendor_tools.actions_column')}</th>}
      </tr>
    </thead>
  );
}

type TableProps = { vendors: readonly Vendor[]; selection?: RowSelection; actions?: RowActions };

export function VendorsTable({ vendors, selection, actions }: TableProps) {
  const { t, locale } = useTranslation();
  return (
    <div className="vendors-table__scroll">
      <table className="data-table data-table--hover vendors-table" aria-label={t('vendors.table.label')}>
        <TableHead selection={selection} ids={vendors.map((v) => v.id)} actions={Boolean(actions)} />
        <tbody>
          {vendors.map((vendor) => (
            <tr key={vendor.id} data-testid="vendor-row">
              {selection && (
                <td className="vendors-table__select">
                  <input
                    type="checkbox"
                    aria-label={t('vendor_tools.select_row', { name: vendor.name })}
                    checked={selection.selected.has(vendor.id)}
                    onChange={() => selection.onToggle(vendor.id)}
                    data-testid="vendor-select"
                  />
                </td>
              )}
              <td>
                <span className="vendors-table__name">{vendor.name}</span>
                {vendor.capabilities.length > 0 && (
                  <span className="vendors-table__meta">
                    {t('vendors.table.capability_count', { count: vendor.capabilities.length })}
                  </span>
                )}
              </td>
              <td>
                <VendorTypeBadge type={vendor.type} />
              </td>
              {/* The country named from its code, in the reader's language ("Monterrey, México"). */}
              <td>{[vendor.city, countryName(vendor.country_code, locale)].filter(Boolean).join(', ')}</td>
              <td>
                <TrustBadge score={vendor.trust_score} />
              </td>
              <td>
                {vendor.website ? (
                  <a
                    href={vendor.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="vendors-table__link"
                    title={t('vendors.table.open_website', { site: siteLabel(vendor.website) })}
                  >
                    {siteLabel(vendor.website)}
                    <ExternalLinkIcon size={14} />
                  </a>
                ) : (
                  <span className="vendors-table__muted">{t('vendors.table.no_website')}</span>
                )}
              </td>
              {actions && (
                <td className="vendors-table__actions">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('vendor_tools.edit_row', { name: vendor.name })}
                    title={t('vendor_tools.edit_row', { name: vendor.name })}
                    onClick={() => actions.onEdit(vendor)}
                    data-testid="vendor-edit"
                  >
                    <PencilIcon />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('vendor_tools.delete_row', { name: vendor.name })}
                    title={t('vendor_tools.delete_row', { name: vendor.name })}
                    onClick={() => actions.onDelete(vendor)}
                    data-testid="vendor-delete"
                  >
                    <TrashIcon />
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function VendorsTableSkeleton() {
  return (
    <div className="vendors-table__scroll" data-testid="vendors-skeleton">
      <table className="data-table vendors-table">
        <TableHead />
        <tbody>
          {Array.from({ length: 6 }, (_, row) => (
            <tr key={row}>
              <td>
                <Skeleton width="70%" />
              </td>
              <td>
                <Skeleton width={96} height={22} />
              </td>
              <td>
                <Skeleton width="60%" />
              </td>
              <td>
                <Skeleton width={56} height={22} />
              </td>
              <td>
                <Skeleton width="80%" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
