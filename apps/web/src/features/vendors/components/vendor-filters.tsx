import { VENDOR_TYPES, type VendorType } from '@preciofab/shared/catalogue';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { VendorTypeBadge } from './vendor-type-badge.tsx';

type VendorFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  vendorType: VendorType | null;
  onVendorTypeChange: (value: VendorType | null) => void;
};

const isVendorType = (value: string): value is VendorType =>
  (VENDOR_TYPES as readonly string[]).includes(value);

/** The search box, the vendor-type filter and the type legend. */
export function VendorFilters({
  search,
  onSearchChange,
  vendorType,
  onVendorTypeChange,
}: VendorFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="vendor-filters">
      <div className="vendor-filters__controls">
        <label className="vendor-filters__search">
          <span className="visually-hidden">{t('vendors.search_label')}</span>
          <SearchIcon size={18} className="vendor-filters__search-icon" />
          <input
            type="search"
            className="field__input"
            value={search}
            placeholder={t('vendors.search_placeholder')}
            onChange={(event) => onSearchChange(event.target.value)}
            data-testid="vendor-search"
          />
        </label>
        <label className="vendor-filters__type">
          <span className="visually-hidden">{t('vendors.type_filter')}</span>
          <select
            className="field__input"
            value={vendorType ?? ''}
            onChange={(event) =>
              onVendorTypeChange(isVendorType(event.target.value) ? event.target.value : null)
            }
            data-testid="vendor-type-filter"
          >
            <option value="">{t('vendors.all_types')}</option>
            {VENDOR_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`vendors.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="vendor-legend" role="group" aria-label={t('vendors.legend_title')}>
        <span className="vendor-legend__title">{t('vendors.legend_title')}</span>
        <ul className="vendor-legend__list">
          {VENDOR_TYPES.map((type) => (
            <li key={type}>
              <VendorTypeBadge type={type} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
