import { ExportButton } from '../../../components/export/export-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { VENDOR_FIELDS } from '../../../lib/export/field-sets.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useCrawlVendors } from '../api/crawl-vendors.ts';
import type { Vendor } from '../api/get-vendors.ts';
import { CrawlIcon } from './vendor-icons.tsx';

type Props = {
  vendors: readonly Vendor[];
  selected: readonly Vendor[];
  canCrawl: boolean;
  onClear: () => void;
};

/** Bulk actions: crawl the selected vendors (operators and admins), export the selection or, with
 * nothing selected, the whole list. */
export function VendorBulkBar({ vendors, selected, canCrawl, onClear }: Props) {
  const { t } = useTranslation();
  const crawl = useCrawlVendors();
  const count = selected.length;

  const startCrawl = () =>
    crawl.mutate(
      selected.map((v) => v.id),
      {
        onSuccess: ({ started, failed }) => {
          if (started > 0) {
            toast.success(t('vendor_tools.crawl.started', { count: started }));
          }
          if (failed > 0) {
            toast.error(
              started === 0
                ? t('vendor_tools.crawl.failed')
                : t('vendor_tools.crawl.partial', { count: failed }),
            );
          }
          if (started > 0) onClear();
        },
        onError: () => toast.error(t('vendor_tools.crawl.failed')),
      },
    );

  return (
    <div
      className="vendor-bulk"
      role="group"
      aria-label={t('vendor_tools.bulk_label')}
      data-testid="vendor-bulk"
    >
      <span className="vendor-bulk__count" aria-live="polite" data-testid="vendor-selected-count">
        {t('vendor_tools.selected', { count })}
      </span>
      {count > 0 && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          {t('vendor_tools.clear_selection')}
        </Button>
      )}
      <div className="vendor-bulk__actions">
        {canCrawl && (
          <Button
            variant="secondary"
            size="sm"
            onClick={startCrawl}
            disabled={count === 0}
            loading={crawl.isPending}
            data-testid="vendor-bulk-crawl"
          >
            {!crawl.isPending && <CrawlIcon />}
            {t('vendor_tools.crawl.button', { count })}
          </Button>
        )}
        <ExportButton
          rows={count > 0 ? selected : vendors}
          fields={VENDOR_FIELDS}
          fileBase="vendors"
          defaultFormat="vendors"
          titleKey="vendor_tools.export_title"
          label={
            count > 0
              ? t('vendor_tools.export.selected', { count })
              : t('vendor_tools.export.all', { count: vendors.length })
          }
        />
      </div>
    </div>
  );
}
