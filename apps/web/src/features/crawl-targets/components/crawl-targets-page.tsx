import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { canWrite, type ScreenProps } from '../../../lib/screen-props.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTargets, type Target } from '../api/get-targets.ts';
import { useUpdateTarget } from '../api/update-target.ts';
import { DeleteTargetDialog } from './delete-target-dialog.tsx';
import { TargetFormModal } from './target-form-modal.tsx';
import { NoTargets, TargetsHelp, TargetsLoadError, TargetsSkeleton } from './targets-states.tsx';
import { TargetsTable, type TargetActions } from './targets-table.tsx';
import './crawl-targets.css';

/** Which dialog is open: the setup form (new or edit) or the delete confirmation. */
type Dialog = { kind: 'form'; target: Target | null } | { kind: 'delete'; target: Target } | null;

/** /crawl-targets. Viewers only read: configure, edit, pause and delete are hidden for them. */
export function CrawlTargetsPage({ role }: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('crawl_targets.title'));
  const targets = useTargets();
  const toggle = useUpdateTarget();
  const [dialog, setDialog] = useState<Dialog>(null);
  const manage = canWrite(role);
  const configure = manage ? () => setDialog({ kind: 'form', target: null }) : null;

  const actions: TargetActions | null = manage
    ? {
        onEdit: (target) => setDialog({ kind: 'form', target }),
        onDelete: (target) => setDialog({ kind: 'delete', target }),
        onToggle: (target) =>
          toggle.mutate(
            { id: target.id, changes: { active: !target.active } },
            {
              onSuccess: (saved) =>
                toast.success(
                  saved.active ? t('crawl_targets.actions.resumed') : t('crawl_targets.actions.paused'),
                ),
              onError: () => toast.error(t('crawl_targets.actions.toggle_failed')),
            },
          ),
        busyId: toggle.isPending ? (toggle.variables?.id ?? null) : null,
      }
    : null;

  const list = targets.data;
  return (
    <div className="targets-page">
      <PageHeader
        title={t('crawl_targets.title')}
        subtitle={t('crawl_targets.subtitle')}
        actions={
          list &&
          list.length > 0 &&
          configure && (
            <Button onClick={configure} data-testid="add-target">
              <PlusIcon size={16} />
              {t('crawl_targets.add')}
            </Button>
          )
        }
      />
      <TargetsHelp />
      {targets.isError && !list ? (
        <TargetsLoadError />
      ) : !list ? (
        <TargetsSkeleton />
      ) : list.length === 0 ? (
        <NoTargets onConfigure={configure} />
      ) : (
        <Card
          className="targets-card"
          aria-busy={targets.isFetching}
          title={
            <span className="targets-card__title">
              {t('crawl_targets.table.title')}
              <span data-testid="targets-total">
                <Badge>{t('crawl_targets.total', { count: list.length })}</Badge>
              </span>
            </span>
          }
        >
          <TargetsTable targets={list} actions={actions} />
        </Card>
      )}
      {dialog?.kind === 'form' && <TargetFormModal target={dialog.target} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteTargetDialog target={dialog.target} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
