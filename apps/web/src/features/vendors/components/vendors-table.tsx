import { ExternalLinkIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { Vendor } from '../api/get-vendors.ts';
import { TrustBadge } from './trust-badge.tsx';
import { VendorTypeBadge } from './vendor-type-badge.tsx';

/** "example.com" for "https://www.example.com/shop". */
function siteLabel(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

function TableHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{t('vendors.table.name')}</th>
        <th scope="col">{t('vendors.table.type')}</th>
        <th scope="col">{t('vendors.table.location')}</th>
        <th scope="col">{t('vendors.table.trust')}</th>
        <th scope="col">{t('vendors.table.website')}</th>
      </tr>
    </thead>
  );
}

export function VendorsTable({ vendors }: { vendors: readonly Vendor[] }) {
  const { t } = useTranslation();
  return (
    <div className="vendors-table__scroll">
      <table className="vendors-table" aria-label={t('vendors.table.label')}>
        <TableHead />
        <tbody>
          {vendors.map((vendor) => (
            <tr key={vendor.id} data-testid="vendor-row">
              <td>
                <span className="vendors-table__name">{vendor.name}</span>
                {vendor.capabilities.length > 0 && (
                  <span className="vendors-table__meta">
                    {vendor.capabilities.length === 1
                      ? t('vendors.table.capability_one')
                      : t('vendors.table.capability_count', { count: vendor.capabilities.length })}
                  </span>
                )}
              </td>
              <td>
                <VendorTypeBadge type={vendor.type} />
              </td>
              <td>{[vendor.city, vendor.country_code].filter(Boolean).join(', ')}</td>
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
      <table className="vendors-table">
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
