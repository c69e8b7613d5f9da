import type { Currency } from '@preciofab/shared/catalogue';
import { isCurrencyCode } from '@preciofab/shared/currencies';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { cx } from '../../../lib/class-names.ts';

export const PRICE_VIEWS = ['table', 'timeline', 'heatmap', 'scatter'] as const;
export type PriceView = (typeof PRICE_VIEWS)[number];

type PricesToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  currency: Currency | null;
  currencies: readonly Currency[];
  onCurrencyChange: (value: Currency | null) => void;
  view: PriceView;
  onViewChange: (view: PriceView) => void;
};

/** Search, the currency filter (All, the loaded rows' currencies and the one chosen, by ISO code)
 * and the view switch. */
export function PricesToolbar(props: PricesToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="prices-toolbar">
      <label className="prices-toolbar__search">
        <span className="visually-hidden">{t('prices.search_label')}</span>
        <SearchIcon size={18} className="prices-toolbar__search-icon" />
        <input
          type="search"
          className="field__input"
          value={props.search}
          placeholder={t('prices.search_placeholder')}
          onChange={(event) => props.onSearchChange(event.target.value)}
          data-testid="price-search"
        />
      </label>
      <label className="prices-toolbar__currency">
        <span className="visually-hidden">{t('prices.currency_filter')}</span>
        <select
          className="field__input"
          value={props.currency ?? ''}
          onChange={(event) =>
            props.onCurrencyChange(isCurrencyCode(event.target.value) ? event.target.value : null)
          }
          data-testid="price-currency"
        >
          <option value="">{t('prices.all_currencies')}</option>
          {props.currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </label>
      <div className="prices-views" role="group" aria-label={t('prices.views.label')}>
        {PRICE_VIEWS.map((view) => (
          <button
            key={view}
            type="button"
            className={cx('prices-views__button', props.view === view && 'prices-views__button--active')}
            aria-pressed={props.view === view}
            onClick={() => props.onViewChange(view)}
            data-testid={`view-${view}`}
          >
            {t(`prices.views.${view}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
