import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, PlusIcon, RefreshIcon, SearchIcon, StoreIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

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
    <Card className="vendors-error" role="alert" data-testid="vendors-error">
      <AlertIcon size={28} />
      <p className="vendors-error__title">{t('vendors.load_error.title')}</p>
      <p className="vendors-error__text">{t('vendors.load_error.text')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        <RefreshIcon size={16} />
        {t('common.try_again')}
      </Button>
    </Card>
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
