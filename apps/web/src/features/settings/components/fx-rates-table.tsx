import { Button } from '../../../components/ui/button.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { FxRate } from '../api/get-fx-rates.ts';
import { useRateFormat } from './use-rate-format.ts';

type FxRatesTableProps = {
  rates: readonly FxRate[];
  label: string;
  /** Shown for the table of rates in force: each row opens its currency's history. */
  onHistory?: (currency: string) => void;
  /** Admins only: each row (except the dollar, always 1) can be corrected. */
  onEdit?: ((rate: FxRate) => void) | null;
  /** The history of one currency leaves its column out. */
  showCurrency?: boolean;
  testId: string;
};

/** Rates as rows: currency (code and name), units per USD, in force from, source and when it was
 * written, with the row's actions. */
export function FxRatesTable({
  rates,
  label,
  onHistory,
  onEdit,
  showCurrency = true,
  testId,
}: FxRatesTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const rate = useRateFormat();
  const hasActions = onHistory !== undefined || Boolean(onEdit);
  return (
    <div
      className="settings-table__scroll settings-table__scroll--tall"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="data-table settings-table" aria-label={label}>
        <thead>
          <tr>
            {showCurrency && <th scope="col">{t('settings.fx.currency')}</th>}
            <th scope="col">{t('settings.fx.units_per_usd')}</th>
            <th scope="col">{t('settings.fx.effective_date')}</th>
            <th scope="col">{t('settings.fx.source')}</th>
            <th scope="col">{t('settings.fx.updated')}</th>
            {hasActions && <th scope="col">{t('settings.fx.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {rates.map((r) => (
            <tr key={`${r.currency}-${r.effective_date}`} data-testid={testId} data-currency={r.currency}>
              {showCurrency && (
                <td>
                  <span className="settings-fx__code">{r.currency}</span>{' '}
                  <span className="settings-muted">{rate.currencyName(r.currency)}</span>
                </td>
              )}
              <td className="settings-table__number">{rate.units(r.units_per_usd)}</td>
              <td>
                <time dateTime={r.effective_date}>{rate.day(r.effective_date)}</time>
              </td>
              <td>{r.source}</td>
              <td>
                <time dateTime={r.updated_at} title={format.dateTime(r.updated_at)}>
                  {format.relativeTime(r.updated_at)}
                </time>
              </td>
              {hasActions && (
                <td className="settings-table__actions">
                  {onHistory && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onHistory(r.currency)}
                      aria-label={t('settings.fx.history_of', { currency: r.currency })}
                      data-testid="fx-history"
                    >
                      {t('settings.fx.history')}
                    </Button>
                  )}
                  {onEdit && r.currency !== 'USD' && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onEdit(r)}
                      aria-label={t('settings.fx.edit_of', { currency: r.currency, date: r.effective_date })}
                      data-testid="fx-edit"
                    >
                      {t('settings.fx.edit')}
                    </Button>
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
