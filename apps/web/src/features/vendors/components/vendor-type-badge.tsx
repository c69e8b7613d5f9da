import type { VendorType } from '@preciofab/shared/catalogue';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** The vendor type as a coloured pill; the colours match the legend. */
export function VendorTypeBadge({ type }: { type: VendorType }) {
  const { t } = useTranslation();
  return (
    <span className={`vendor-type vendor-type--${type}`} data-testid="vendor-type">
      {t(`vendors.types.${type}`)}
    </span>
  );
}
