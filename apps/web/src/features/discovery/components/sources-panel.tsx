import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDeleteSource } from '../api/delete-source.ts';
import type { DiscoverySource, SourceList } from '../api/get-sources.ts';
import { useRunSource } from '../api/run-source.ts';
import { useUpdateSource } from '../api/update-source.ts';
import { DeleteSourceDialog } from './delete-source-dialog.tsx';
import { NoSources } from './discovery-states.tsx';
import { SourceCard } from './source-card.tsx';
import { toastMutationError } from './toast-error.ts';

type Props = {
  list: SourceList;
  canRun: boolean;
  /** Null unless the user is an administrator. */
  onSetup: (() => void) | null;
  onEdit: (source: DiscoverySource) => void;
  onBack: () => void;
  /** A run was queued (the source as listed before it): the page watches for its end. */
  onRunQueued: (source: DiscoverySource) => void;
  /** What the runs started here found, by source id, once they ended. */
  found: ReadonlyMap<string, number>;
};

/** The sources: anyone who writes may run one; administrators also edit, toggle and delete. */
export function SourcesPanel({ list, canRun, onSetup, onEdit, onBack, onRunQueued, found }: Props) {
  const { t } = useTranslation();
  const run = useRunSource();
  const update = useUpdateSource();
  const remove = useDeleteSource();
  const [deleting, setDeleting] = useState<DiscoverySource | null>(null);

  if (list.data.length === 0) return <NoSources onSetup={onSetup} onBack={onBack} />;

  const startRun = (source: DiscoverySource) =>
    run.mutate(source.id, {
      onSuccess: () => {
        toast.success(t('discovery.sources.run_queued_toast', { name: source.name }));
        onRunQueued(source);
      },
      onError: (error) =>
        toastMutationError(error, t('discovery.sources.run_failed_toast', { name: source.name }), t),
    });
  const toggle = (source: DiscoverySource) =>
    update.mutate(
      { id: source.id, body: { active: !source.active } },
      {
        onSuccess: (saved) =>
          toast.success(
            t(saved.active ? 'discovery.sources.activated_toast' : 'discovery.sources.deactivated_toast', {
              name: saved.name,
            }),
          ),
        onError: (error) =>
          toastMutationError(error, t('discovery.sources.action_failed_toast', { name: source.name }), t),
      },
    );
  const confirmDelete = (source: DiscoverySource) =>
    remove.mutate(source.id, {
      onSuccess: () => {
        toast.success(t('discovery.sources.deleted_toast', { name: source.name }));
        setDeleting(null);
      },
      onError: (error) =>
        toastMutationError(error, t('discovery.sources.action_failed_toast', { name: source.name }), t),
    });

  return (
    <>
      <ul className="discovery-grid" aria-label={t('discovery.sources.list_label')}>
        {list.data.map((source) => (
          <SourceCard
            key={source.id}
            source={source}
            onRun={canRun ? () => startRun(source) : null}
            runStarting={run.isPending && run.variables === source.id}
            found={found.get(source.id)}
            admin={
              onSetup
                ? {
                    busy: update.isPending && update.variables.id === source.id,
                    onEdit: () => onEdit(source),
                    onToggleActive: () => toggle(source),
                    onDelete: () => setDeleting(source),
                  }
                : null
            }
          />
        ))}
      </ul>
      {deleting && (
        <DeleteSourceDialog
          name={deleting.name}
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
