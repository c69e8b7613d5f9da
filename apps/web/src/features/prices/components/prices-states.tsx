import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PlusIcon, SearchIcon, TagIcon, TargetIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

const LEGEND = ['s', 'm', 'c', 't'] as const;

/** Spec §2: what a price observation is, with the S/M/C/T legend. */
export function PricesInfo() {
  const { t } = useTranslation();
  return (
    <Card className="prices-info" title={t('prices.info.title')}>
      <p className="prices-info__text">{t('prices.info.text')}</p>
      <ul className="prices-info__legend" aria-label={t('prices.info.legend_label')}>
        {LEGEND.map((key) => (
          <li key={key}>
            <span className={`prices-letter prices-letter--${key}`} aria-hidden="true">
              {t(`prices.info.legend.${key}.letter`)}
            </span>
            {t(`prices.info.legend.${key}.label`)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

const TIPS = ['search', 'currency', 'confidence', 'views', 'evidence'] as const;

export function PricesTips() {
  const { t } = useTranslation();
  return (
    <Card title={t('prices.tips.title')} className="prices-tips">
      <ul className="prices-tips__list">
        {TIPS.map((tip) => (
          <li key={tip}>{t(`prices.tips.${tip}`)}</li>
        ))}
      </ul>
    </Card>
  );
}

const STEPS = ['vendor', 'target', 'crawl'] as const;
const GUIDE_TIPS = ['manual', 'currency', 'confidence'] as const;

/** Spec §2: no price yet: a guide with steps and tips; add a price or go to the crawl targets. */
export function PricesEmptyGuide({ onAdd }: { onAdd: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <div className="prices-guide" data-testid="prices-empty">
      <EmptyState
        icon={<TagIcon size={24} />}
        title={t('prices.empty.title')}
        text={t('prices.empty.text')}
      />
      <div className="prices-guide__columns">
        <div>
          <h3 className="prices-guide__heading">{t('prices.empty.steps_title')}</h3>
          <ol className="prices-guide__list">
            {STEPS.map((step) => (
              <li key={step}>{t(`prices.empty.steps.${step}`)}</li>
            ))}
          </ol>
        </div>
        <div>
          <h3 className="prices-guide__heading">{t('prices.empty.tips_title')}</h3>
          <ul className="prices-guide__list">
            {GUIDE_TIPS.map((tip) => (
              <li key={tip}>{t(`prices.empty.tips.${tip}`)}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="prices-guide__actions">
        {onAdd && (
          <Button onClick={onAdd}>
            <PlusIcon size={16} />
            {t('prices.add')}
          </Button>
        )}
        <LinkButton to="/crawl-targets" variant="secondary">
          <TargetIcon size={16} />
          {t('prices.empty.go_targets')}
        </LinkButton>
      </div>
    </div>
  );
}

export function NoMatchingPrices({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SearchIcon size={24} />}
      title={t('prices.no_results.title')}
      text={t('prices.no_results.text')}
      action={
        <Button variant="secondary" onClick={onClear}>
          {t('prices.no_results.clear')}
        </Button>
      }
    />
  );
}

/** Spec §8: 'Unable to load prices', a connection text and a try-again button that reloads. */
export function PricesLoadError() {
  const { t } = useTranslation();
  return (
    <LoadError
      title={t('prices.load_error.title')}
      text={t('prices.load_error.text')}
      retryLabel={t('common.try_again')}
      testId="prices-error"
    />
  );
}
