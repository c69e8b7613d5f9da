import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icons.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useValueLabel } from '../../../i18n/use-value-label.ts';
import type { AlertRule } from '../api/get-alert-rules.ts';
import { ruleCondition, ruleScope } from '../utils/rule-display.ts';
import '../../../components/ui/data-table.css';

export type RuleActions = {
  onEdit: (rule: AlertRule) => void;
  onToggle: (rule: AlertRule) => void;
  onDelete: (rule: AlertRule) => void;
  /** The rule whose pause or resume is on its way. */
  busyId: string | null;
};

/** Every rule: its kind, condition, scope, owner, status and what it raised. A rule's buttons show
 * only when the reader may change it (its owner, or an admin: `can_edit`). */
export function RulesTable({ rules, actions }: { rules: readonly AlertRule[]; actions: RuleActions | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const label = useValueLabel();
  const tools = { t, fmt, label };
  return (
    <div className="rules-table__scroll">
      <table className="data-table rules-table" aria-label={t('alerts.rules.table.label')}>
        <thead>
          <tr>
            <th scope="col">{t('alerts.rules.table.name')}</th>
            <th scope="col">{t('alerts.rules.table.condition')}</th>
            <th scope="col">{t('alerts.rules.table.scope')}</th>
            <th scope="col">{t('alerts.rules.table.owner')}</th>
            <th scope="col">{t('alerts.rules.table.status')}</th>
            <th scope="col">{t('alerts.rules.table.alerts')}</th>
            {actions && <th scope="col">{t('alerts.rules.table.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id} data-testid="rule-row" data-rule-id={rule.id}>
              <td>
                <span className="rules-table__name">{rule.name}</span>
                <span className="rules-table__muted">{t(`alerts.kinds.${rule.kind}`)}</span>
              </td>
              <td>{ruleCondition(rule, tools)}</td>
              <td>
                <ul className="rules-table__scope">
                  {ruleScope(rule, tools).map((part) => (
                    <li key={part}>{part}</li>
                  ))}
                </ul>
              </td>
              <td>{rule.owner_name}</td>
              <td>
                <Badge tone={rule.active ? 'good' : 'neutral'}>
                  {rule.active ? t('alerts.rules.status.active') : t('alerts.rules.status.paused')}
                </Badge>
              </td>
              <td className="rules-table__nowrap">
                {t('alerts.rules.alert_count', { count: rule.alert_count })}
                {rule.last_alert_at && (
                  <time
                    className="rules-table__muted"
                    dateTime={rule.last_alert_at}
                    title={fmt.dateTime(rule.last_alert_at)}
                  >
                    {t('alerts.rules.last_alert', { when: fmt.relativeTime(rule.last_alert_at) })}
                  </time>
                )}
              </td>
              {actions && (
                <td>
                  {rule.can_edit && (
                    <div className="rules-table__actions">
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => actions.onEdit(rule)}
                        aria-label={t('alerts.rules.actions.edit', { name: rule.name })}
                        title={t('alerts.rules.actions.edit', { name: rule.name })}
                        data-testid="edit-rule"
                      >
                        <EditIcon />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={actions.busyId === rule.id}
                        onClick={() => actions.onToggle(rule)}
                        aria-label={t(
                          rule.active ? 'alerts.rules.actions.pause' : 'alerts.rules.actions.resume',
                          {
                            name: rule.name,
                          },
                        )}
                        title={t(rule.active ? 'alerts.rules.actions.pause' : 'alerts.rules.actions.resume', {
                          name: rule.name,
                        })}
                        data-testid="toggle-rule"
                      >
                        {actions.busyId !== rule.id && (rule.active ? <PauseIcon /> : <PlayIcon />)}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => actions.onDelete(rule)}
                        aria-label={t('alerts.rules.actions.delete', { name: rule.name })}
                        title={t('alerts.rules.actions.delete', { name: rule.name })}
                        data-testid="delete-rule"
                      >
                        <TrashIcon />
                      </Button>
                    </div>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EditIcon() {
  return (
    <Icon size={16}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </Icon>
  );
}

function PauseIcon() {
  return (
    <Icon size={16}>
      <rect x="6" y="4" width="4" height="16" />
      <rect x="14" y="4" width="4" height="16" />
    </Icon>
  );
}

function PlayIcon() {
  return (
    <Icon size={16}>
      <path d="m6 3 14 9-14 9Z" />
    </Icon>
  );
}

function TrashIcon() {
  return (
    <Icon size={16}>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </Icon>
  );
}
