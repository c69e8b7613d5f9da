import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { currencyLabel } from '../../../lib/currency-options.ts';
import { useFxRates, type FxRate } from '../api/get-fx-rates.ts';
import { historyPage, HISTORY_PAGE_SIZE } from '../utils/fx-history.ts';
import { FxRatesTable } from './fx-rates-table.tsx';

type FxHistoryModalProps = {
  currency: string;
  onClose: () => void;
  /** Admins: a row of the history can be corrected in the form. */
  onEdit: ((rate: FxRate) => void) | null;
};

/** One currency's rates, newest first, a page at a time (an imported history holds thousands). */
export function FxHistoryModal({ currency, onClose, onEdit }: FxHistoryModalProps) {
  const { t, locale } = useTranslation();
  const [page, setPage] = useState(0);
  const history = useFxRates({ currency, limit: HISTORY_PAGE_SIZE, offset: page * HISTORY_PAGE_SIZE });
  const range = history.data ? historyPage(page, history.data.total) : null;
  return (
    <Modal
      title={t('settings.fx.history_title', { currency: currencyLabel(currency, locale) })}
      closeLabel={t('settings.fx.history_close')}
      onClose={onClose}
      size="lg"
    >
      <div
        className="modal__body settings-history"
        data-testid="fx-history-dialog"
        aria-busy={history.isFetching}
      >
        {!history.data || !range ? (
          history.isError ? (
            <p className="settings-muted">{t('settings.fx.load_error')}</p>
          ) : (
            <Skeleton height={160} />
          )
        ) : history.data.total === 0 ? (
          <p className="settings-muted">{t('settings.fx.history_empty')}</p>
        ) : (
          <>
            <FxRatesTable
              rates={history.data.data}
              label={t('settings.fx.history_title', { currency })}
              onEdit={onEdit}
              showCurrency={false}
              testId="fx-history-row"
            />
            <nav className="settings-paging" aria-label={t('settings.fx.paging_label')}>
              <p aria-live="polite" data-testid="fx-history-range">
                {t('settings.fx.paging', { from: range.from, to: range.to, total: range.total })}
              </p>
              <div className="settings-paging__buttons">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!range.hasPrevious}
                  onClick={() => setPage((p) => p - 1)}
                  data-testid="fx-history-previous"
                >
                  {t('settings.fx.previous')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!range.hasNext}
                  onClick={() => setPage((p) => p + 1)}
                  data-testid="fx-history-next"
                >
                  {t('settings.fx.next')}
                </Button>
              </div>
            </nav>
          </>
        )}
      </div>
    </Modal>
  );
}
