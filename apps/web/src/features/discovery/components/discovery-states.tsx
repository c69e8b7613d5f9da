import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, InboxIcon, PlusIcon, RadarIcon, RefreshIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** Nothing to review: look at the sources, or add a known vendor by hand. */
export function NoCandidates({ onViewSources }: { onViewSources: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<InboxIcon size={24} />}
      title={t('discovery.empty.candidates_title')}
      text={t('discovery.empty.candidates_text')}
      action={
        <div className="discovery-empty__actions">
          <Button variant="secondary" onClick={onViewSources}>
            {t('discovery.empty.view_sources')}
          </Button>
          <LinkButton to="/vendors">
            <PlusIcon size={16} />
            {t('discovery.empty.add_manually')}
          </LinkButton>
        </div>
      }
    />
  );
}

/** No source: admins may set one up; others read who can. */
export function NoSources({ onSetup, onBack }: { onSetup: (() => void) | null; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<RadarIcon size={24} />}
      title={t('discovery.empty.sources_title')}
      text={onSetup ? t('discovery.empty.sources_text') : t('discovery.empty.sources_text_readonly')}
      action={
        <div className="discovery-empty__actions">
          {onSetup && (
            <Button onClick={onSetup}>
              <PlusIcon size={16} />
              {t('discovery.empty.setup_source')}
            </Button>
          )}
          <Button variant="secondary" onClick={onBack}>
            {t('discovery.empty.back_to_candidates')}
          </Button>
        </div>
      }
    />
  );
}

/** Spec §8: the load error of one tab, with a button that reloads the page. */
export function DiscoveryLoadError({ what }: { what: 'candidates' | 'sources' }) {
  const { t } = useTranslation();
  return (
    <Card className="discovery-error" role="alert" data-testid={`${what}-error`}>
      <AlertIcon size={28} />
      <p className="discovery-error__title">{t(`discovery.load_error.${what}`)}</p>
      <p className="discovery-error__text">{t('discovery.load_error.text')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        <RefreshIcon size={16} />
        {t('discovery.load_error.reload')}
      </Button>
    </Card>
  );
}

export function DiscoverySkeleton() {
  return (
    <ul className="discovery-grid" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="discovery-card">
          <Skeleton width="60%" height={20} />
          <Skeleton width="80%" />
          <Skeleton height={40} />
          <Skeleton width="40%" />
        </li>
      ))}
    </ul>
  );
}
