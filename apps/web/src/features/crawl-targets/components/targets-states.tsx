import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PlusIcon, StoreIcon, TargetIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

const HELP = ['priority', 'frequency', 'status'] as const;
const REASONS = ['server', 'connection', 'permission'] as const;
const STEPS = ['vendor', 'url', 'schedule', 'crawl'] as const;
const EXAMPLES = ['price_list', 'quote_page', 'catalogue', 'material_shop', 'marketplace'] as const;

/** Spec §2: what priority, frequency and status mean. */
export function TargetsHelp() {
  const { t } = useTranslation();
  return (
    <Card title={t('crawl_targets.help.title')} className="targets-help">
      <dl className="targets-help__list">
        {HELP.map((item) => (
          <div key={item}>
            <dt>{t(`crawl_targets.help.${item}_title`)}</dt>
            <dd>{t(`crawl_targets.help.${item}`)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Spec §8: 'Unable to load crawl targets' with three reasons and a reload button. */
export function TargetsLoadError() {
  const { t } = useTranslation();
  return (
    <LoadError
      title={t('crawl_targets.load_error.title')}
      text={t('crawl_targets.load_error.text')}
      reasons={REASONS.map((reason) => t(`crawl_targets.load_error.reasons.${reason}`))}
      retryLabel={t('common.reload_page')}
      testId="targets-error"
    />
  );
}

/** Spec §2: getting-started steps, five example target types, /vendors and configure. */
export function NoTargets({ onConfigure }: { onConfigure: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <Card className="targets-empty" data-testid="targets-empty">
      <div className="targets-empty__head">
        <span className="targets-empty__icon">
          <TargetIcon size={28} />
        </span>
        <h2>{t('crawl_targets.empty.title')}</h2>
        <p>{t('crawl_targets.empty.text')}</p>
      </div>
      <div className="targets-empty__columns">
        <section>
          <h3>{t('crawl_targets.empty.steps_title')}</h3>
          <ol className="targets-empty__steps">
            {STEPS.map((step) => (
              <li key={step}>{t(`crawl_targets.empty.steps.${step}`)}</li>
            ))}
          </ol>
        </section>
        <section>
          <h3>{t('crawl_targets.empty.examples_title')}</h3>
          <ul className="targets-empty__examples">
            {EXAMPLES.map((example) => (
              <li key={example}>{t(`crawl_targets.empty.examples.${example}`)}</li>
            ))}
          </ul>
        </section>
      </div>
      <div className="targets-empty__actions">
        <LinkButton to="/vendors" variant="secondary">
          <StoreIcon size={16} />
          {t('crawl_targets.empty.go_vendors')}
        </LinkButton>
        {onConfigure && (
          <Button onClick={onConfigure} data-testid="configure-target">
            <PlusIcon size={16} />
            {t('crawl_targets.empty.configure')}
          </Button>
        )}
      </div>
    </Card>
  );
}

export function TargetsSkeleton() {
  return (
    <Card className="targets-card" data-testid="targets-skeleton" aria-busy="true">
      <div className="targets-skeleton">
        {Array.from({ length: 6 }, (_, row) => (
          <Skeleton key={row} height={22} />
        ))}
      </div>
    </Card>
  );
}
