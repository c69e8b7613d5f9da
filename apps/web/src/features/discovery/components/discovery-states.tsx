import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { InboxIcon, PlusIcon, RadarIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

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
    <LoadError
      title={t(`discovery.load_error.${what}`)}
      text={t('discovery.load_error.text')}
      retryLabel={t('discovery.load_error.reload')}
      testId={`${what}-error`}
    />
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
