import { Alert } from '../../../components/ui/alert.tsx';
import { TechnicalDetail } from '../../../components/ui/technical-detail.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { FxImportStatus } from '../api/get-fx-import.ts';
import {
  currencySpans,
  hasImportErrors,
  importErrorsText,
  importSummary,
  skippedNote,
} from '../utils/fx-import.ts';
import { useRateFormat } from './use-rate-format.ts';

/** What a finished import did: how many rates of how many currencies and how many prices it
 * converted, with each currency's dates; or the lines it refused (then nothing was written); or
 * why it failed. */
export function FxImportOutcome({ status }: { status: FxImportStatus }) {
  const { t, locale } = useTranslation();
  const rate = useRateFormat();
  const result = status.result;
  // A file with errors fails with the lines it refused (nothing was written).
  if (result && hasImportErrors(result)) {
    const errors = importErrorsText(result, t, locale);
    return (
      <Alert tone="error">
        <p>{errors.title}</p>
        <ul className="settings-fx__errors" data-testid="fx-import-errors">
          {result.errors.map((error) => (
            <li key={`${error.line}-${error.message}`}>
              {t('settings.fx.import.error_line', { line: error.line, message: error.message })}
            </li>
          ))}
        </ul>
        {errors.more && <p>{errors.more}</p>}
      </Alert>
    );
  }
  if (status.state === 'failed' || !result) {
    // Why, in the reader's language (the server says it); the technical text folded beneath.
    return (
      <Alert tone="error">
        <span data-testid="fx-import-failed">
          {t('settings.fx.import.failed_with', { reason: status.error ?? t('settings.fx.import.failed') })}
        </span>
        {status.error_detail && (
          <TechnicalDetail
            label={t('settings.fx.import.technical_detail')}
            detail={status.error_detail}
            testId="fx-import-failure-detail"
          />
        )}
      </Alert>
    );
  }
  const skipped = skippedNote(result, t, locale);
  const spans = currencySpans(result);
  return (
    <Alert tone="info">
      <p data-testid="fx-import-summary">{importSummary(result, t, locale)}</p>
      {skipped && <p className="settings-muted">{skipped}</p>}
      {spans.length > 0 && (
        <details className="settings-fx__spans">
          <summary>{t('settings.fx.import.by_currency')}</summary>
          <ul>
            {spans.map((span) => (
              <li key={span.code}>
                {t('settings.fx.import.span', {
                  currency: span.code,
                  from: rate.day(span.from),
                  to: rate.day(span.to),
                  count: span.count,
                })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </Alert>
  );
}
