import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { localToday } from '../../../lib/local-today.ts';
import { useFxRates, type FxRate } from '../api/get-fx-rates.ts';
import { fxFormFromRate, newFxForm } from '../utils/settings-forms.ts';
import { FxHistoryModal } from './fx-history-modal.tsx';
import { FxImportForm } from './fx-import-form.tsx';
import { FxRateForm } from './fx-rate-form.tsx';
import { FxRatesTable } from './fx-rates-table.tsx';

/** Every currency in force fits one page (the contract's most, 1000; ISO has under 200). */
const IN_FORCE_LIMIT = 1000;

/** Exchange rates: everyone reads the rates in force today (one per currency) and each currency's
 * history; admins add or correct a rate of any currency and import a history from a CSV file. */
export function FxRatesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const today = localToday();
  const current = useFxRates({ date: today, limit: IN_FORCE_LIMIT });
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [editing, setEditing] = useState<FxRate | null>(null);
  // A new key starts the form afresh: after a save, a cancelled edit, or a new edit.
  const [formKey, setFormKey] = useState(0);
  const rows = current.data?.data ?? [];

  const edit = canEdit
    ? (rate: FxRate) => {
        setHistoryOf(null);
        setEditing(rate);
        setFormKey((k) => k + 1);
      }
    : null;
  const doneEditing = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };

  return (
    <Card title={t('settings.fx.title')} className="settings-card" data-testid="fx-card">
      <p className="settings-muted">{t('settings.fx.text')}</p>
      {!current.data ? (
        current.isError ? (
          <p className="settings-muted">{t('settings.fx.load_error')}</p>
        ) : (
          <Skeleton height={120} />
        )
      ) : (
        <>
          <h3 className="settings-form__title">{t('settings.fx.in_force_title')}</h3>
          {rows.length === 0 ? (
            <p className="settings-muted">{t('settings.fx.none_in_force')}</p>
          ) : (
            <FxRatesTable
              rates={rows}
              label={t('settings.fx.table_label')}
              onHistory={setHistoryOf}
              onEdit={edit}
              testId="fx-row"
            />
          )}
        </>
      )}
      {canEdit && current.data && (
        <FxRateForm
          key={formKey}
          initial={editing ? fxFormFromRate(editing) : newFxForm(rows, today)}
          editing={editing}
          current={rows}
          onDone={doneEditing}
        />
      )}
      {canEdit && <FxImportForm />}
      {historyOf && <FxHistoryModal currency={historyOf} onClose={() => setHistoryOf(null)} onEdit={edit} />}
    </Card>
  );
}
