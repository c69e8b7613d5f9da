import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFxRates } from '../api/get-fx-rates.ts';
import { FxRateForm } from './fx-rate-form.tsx';
import '../../../components/ui/data-table.css';

/** The newest rows are what matters; the full history stays on the server. */
const SHOWN_RATES = 12;

const rateFormat = (locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });

/** Exchange rates: everyone reads them, only admins set them. */
export function FxRatesCard({ canEdit }: { canEdit: boolean }) {
  const { t, locale } = useTranslation();
  const format = useFormat();
  const rates = useFxRates();
  const rows = rates.data?.data ?? [];
  const shown = rows.slice(0, SHOWN_RATES);
  const number = rateFormat(locale);
  return (
    <Card title={t('settings.fx.title')} className="settings-card" data-testid="fx-card">
      <p className="settings-muted">{t('settings.fx.text')}</p>
      {!rates.data ? (
        rates.isError ? (
          <p className="settings-muted">{t('settings.fx.load_error')}</p>
        ) : (
          <Skeleton height={120} />
        )
      ) : (
        <div
          className="settings-table__scroll"
          tabIndex={0}
          role="region"
          aria-label={t('settings.fx.table_label')}
        >
          <table className="data-table settings-table" aria-label={t('settings.fx.table_label')}>
            <thead>
              <tr>
                <th scope="col">{t('settings.fx.currency')}</th>
                <th scope="col">{t('settings.fx.units_per_usd')}</th>
                <th scope="col">{t('settings.fx.effective_date')}</th>
                <th scope="col">{t('settings.fx.source')}</th>
                <th scope="col">{t('settings.fx.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((rate) => (
                <tr key={`${rate.currency}-${rate.effective_date}`} data-testid="fx-row">
                  <td>{rate.currency}</td>
                  <td className="settings-table__number">{number.format(rate.units_per_usd)}</td>
                  <td>{rate.effective_date}</td>
                  <td>{rate.source}</td>
                  <td>{format.relativeTime(rate.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > shown.length && (
            <p className="settings-muted">
              {t('settings.fx.showing', { shown: shown.length, total: rows.length })}
            </p>
          )}
        </div>
      )}
      {canEdit && rates.data && <FxRateForm rates={rates.data.data} />}
    </Card>
  );
}
