import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { canWrite, type ScreenProps } from '../../../lib/screen-props.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAlertRules, type AlertRule } from '../api/get-alert-rules.ts';
import { useUpdateAlertRule } from '../api/update-alert-rule.ts';
import { DeleteRuleDialog } from './delete-rule-dialog.tsx';
import { RuleFormModal } from './rule-form-modal.tsx';
import { RulesTable, type RuleActions } from './rules-table.tsx';
import './alerts.css';

type Dialog = { kind: 'form'; rule: AlertRule | null } | { kind: 'delete'; rule: AlertRule } | null;

/** /alerts: every rule. Viewers read; operators add rules and change their own; admins change
 * anyone's (the server says which through `can_edit`, and refuses the rest anyway). */
export function AlertsPage({ role }: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('alerts.rules.title'));
  const rules = useAlertRules();
  const toggle = useUpdateAlertRule();
  const [dialog, setDialog] = useState<Dialog>(null);
  const manage = canWrite(role);
  const add = manage ? () => setDialog({ kind: 'form', rule: null }) : null;

  const actions: RuleActions | null = manage
    ? {
        onEdit: (rule) => setDialog({ kind: 'form', rule }),
        onDelete: (rule) => setDialog({ kind: 'delete', rule }),
        onToggle: (rule) =>
          toggle.mutate(
            { id: rule.id, changes: { active: !rule.active } },
            {
              onSuccess: (saved) =>
                toast.success(
                  saved.active ? t('alerts.rules.actions.resumed') : t('alerts.rules.actions.paused'),
                ),
            },
          ),
        busyId: toggle.isPending ? (toggle.variables?.id ?? null) : null,
      }
    : null;

  const list = rules.data?.data;
  return (
    <div className="alerts-page">
      <PageHeader
        title={t('alerts.rules.title')}
        badge={rules.data && <Badge>{t('alerts.rules.total', { count: rules.data.total })}</Badge>}
        subtitle={t('alerts.rules.subtitle')}
        actions={
          <div className="alerts-page__actions">
            <LinkButton variant="secondary" to="/notifications">
              {t('alerts.nav.notifications')}
            </LinkButton>
            {add && (
              <Button onClick={add} data-testid="add-rule">
                <PlusIcon size={16} />
                {t('alerts.rules.add')}
              </Button>
            )}
          </div>
        }
      />
      {!manage && <Alert tone="info">{t('alerts.rules.read_only')}</Alert>}
      {rules.isError && !list ? (
        <LoadError
          title={t('alerts.rules.load_error')}
          retryLabel={t('common.try_again')}
          onRetry={() => void rules.refetch()}
          retrying={rules.isFetching}
          testId="rules-error"
        />
      ) : !list ? (
        <Card className="alerts-skeleton">
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Card>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={<AlertIcon size={28} />}
            title={t('alerts.rules.empty_title')}
            text={t('alerts.rules.empty_text')}
            action={
              add && (
                <Button onClick={add}>
                  <PlusIcon size={16} />
                  {t('alerts.rules.add')}
                </Button>
              )
            }
          />
        </Card>
      ) : (
        <Card className="alerts-card" aria-busy={rules.isFetching}>
          <RulesTable rules={list} actions={actions} />
        </Card>
      )}
      {dialog?.kind === 'form' && <RuleFormModal rule={dialog.rule} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <DeleteRuleDialog rule={dialog.rule} onClose={() => setDialog(null)} />}
    </div>
  );
}
