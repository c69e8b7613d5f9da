import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { canWrite, isAdmin, type ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CANDIDATES_QUERY_KEY, useCandidates } from '../api/get-candidates.ts';
import { isRunPending, useSources, type DiscoverySource } from '../api/get-sources.ts';
import { useRunOutcomes } from '../hooks/use-run-outcomes.ts';
import { CandidatesPanel } from './candidates-panel.tsx';
import { DiscoveryLoadError, DiscoverySkeleton } from './discovery-states.tsx';
import { DiscoveryTabs, panelId, tabId, type DiscoveryTab } from './discovery-tabs.tsx';
import { SourceModal } from './source-modal.tsx';
import { SourcesPanel } from './sources-panel.tsx';
import './discovery.css';

/** What the setup modal is doing: closed, adding a source, or editing one. */
type Editing = { source: DiscoverySource | null } | null;

/** /discovery: review pending candidates; manage and run the sources that find them.
 * Viewers read; operators decide and run; only administrators manage sources. */
export function DiscoveryPage({ role }: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('discovery.title'));
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<DiscoveryTab>('candidates');
  const [editing, setEditing] = useState<Editing>(null);
  const candidates = useCandidates();
  const sources = useSources();
  const runs = useRunOutcomes(sources.data?.data);
  const admin = isAdmin(role);
  const openSetup = admin ? () => setEditing({ source: null }) : null;

  // A run that just ended may have found candidates: reload them then.
  const pendingRuns = sources.data?.data.filter(isRunPending).length ?? 0;
  const previousPending = useRef(pendingRuns);
  useEffect(() => {
    if (previousPending.current > 0 && pendingRuns < previousPending.current) {
      void queryClient.invalidateQueries({ queryKey: CANDIDATES_QUERY_KEY });
    }
    previousPending.current = pendingRuns;
  }, [pendingRuns, queryClient]);

  return (
    <div className="discovery-page">
      <PageHeader
        title={t('discovery.title')}
        subtitle={t('discovery.subtitle')}
        actions={
          openSetup && (
            <Button onClick={openSetup} data-testid="setup-source">
              <PlusIcon size={16} />
              {t('discovery.setup_source')}
            </Button>
          )
        }
      />
      <p className="discovery-page__note" data-testid="discovery-note">
        {t('discovery.schedule_note')} {!admin && t('discovery.admin_note')}
      </p>

      <DiscoveryTabs
        active={tab}
        onChange={setTab}
        counts={{ candidates: candidates.data?.total, sources: sources.data?.total }}
      />

      <section
        role="tabpanel"
        id={panelId(tab)}
        aria-labelledby={tabId(tab)}
        tabIndex={0}
        className="discovery-panel"
        aria-busy={tab === 'candidates' ? candidates.isFetching : sources.isFetching}
      >
        {tab === 'candidates' ? (
          candidates.isError && !candidates.data ? (
            <DiscoveryLoadError what="candidates" />
          ) : !candidates.data ? (
            <DiscoverySkeleton />
          ) : (
            <CandidatesPanel
              list={candidates.data}
              canDecide={canWrite(role)}
              onViewSources={() => setTab('sources')}
            />
          )
        ) : sources.isError && !sources.data ? (
          <DiscoveryLoadError what="sources" />
        ) : !sources.data ? (
          <DiscoverySkeleton />
        ) : (
          <SourcesPanel
            list={sources.data}
            canRun={canWrite(role)}
            onSetup={openSetup}
            onEdit={(source) => setEditing({ source })}
            onBack={() => setTab('candidates')}
            onRunQueued={runs.runQueued}
            found={runs.found}
          />
        )}
      </section>

      {editing && (
        <SourceModal
          source={editing.source}
          onClose={() => setEditing(null)}
          timeZone={sources.data?.data[0]?.schedule_time_zone}
        />
      )}
    </div>
  );
}
