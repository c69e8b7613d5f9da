import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PlusIcon, SearchIcon, StoreIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** No vendor at all: invite to add the first one (when the user may). */
export function NoVendors({ onAdd }: { onAdd: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<StoreIcon size={24} />}
      title={t('vendors.empty.title')}
      text={t('vendors.empty.text')}
      action={
        onAdd && (
          <Button onClick={onAdd}>
            <PlusIcon size={16} />
            {t('vendors.add')}
          </Button>
        )
      }
    />
  );
}

/** Filters that match nothing. */
export function NoMatchingVendors({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SearchIcon size={24} />}
      title={t('vendors.no_results.title')}
      text={t('vendors.no_results.text')}
      action={
        <Button variant="secondary" onClick={onClear}>
          {t('vendors.no_results.clear')}
        </Button>
      }
    />
  );
}

/** Spec §8: 'Unable to load vendors', a connection text and a try-again button that reloads. */
export function VendorsLoadError() {
  const { t } = useTranslation();
  return (
    <LoadError
      title={t('vendors.load_error.title')}
      text={t('vendors.load_error.text')}
      retryLabel={t('common.try_again')}
      testId="vendors-error"
    />
  );
}

const TIPS = ['search', 'trust', 'website', 'capabilities'] as const;

export function VendorTips() {
  const { t } = useTranslation();
  return (
    <Card title={t('vendors.tips.title')} className="vendor-tips">
      <ul className="vendor-tips__list">
        {TIPS.map((tip) => (
          <li key={tip}>{t(`vendors.tips.${tip}`)}</li>
        ))}
      </ul>
    </Card>
  );
}
