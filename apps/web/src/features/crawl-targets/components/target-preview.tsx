import { Fragment } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import type { usePreviewTarget } from '../api/preview-target.ts';
import { describePreview, previewErrorCode } from '../utils/target-preview.ts';

/** What the form's Test button found: the page kind and a compact table of its offers, a warning
 * under each offer whose currency nothing decides, or why the page could not be read. */
export function TargetPreviewPanel({ preview }: { preview: ReturnType<typeof usePreviewTarget> }) {
  const { t, locale } = useTranslation();
  const format = useFormat();

  if (preview.isIdle) return null;
  if (preview.isPending) {
    return (
      <p className="target-preview__loading" role="status" data-testid="target-preview-loading">
        <Spinner size={16} />
        {t('crawl_targets.preview.loading')}
      </p>
    );
  }
  if (preview.isError) {
    const code = previewErrorCode(preview.error);
    return (
      <Alert tone="error">
        <span data-testid="target-preview-error" data-code={code ?? undefined}>
          {code ? t(`crawl_targets.errors.${code}`) : describeApiError(preview.error, t)}
        </span>
      </Alert>
    );
  }

  const view = describePreview(preview.data, t, format, locale);
  return (
    <section className="target-preview" data-testid="target-preview" data-page-kind={preview.data.page_kind}>
      <h3 className="target-preview__title">{t('crawl_targets.preview.title')}</h3>
      <p className="target-preview__summary">
        {view.pageKind} · {view.count} · {view.seconds}
      </p>
      {view.redirected && <p className="target-preview__note">{view.redirected}</p>}
      {view.empty ? (
        <p className="target-preview__note">{view.empty}</p>
      ) : (
        <div className="target-preview__scroll">
          <table className="data-table target-preview__table" aria-label={t('crawl_targets.preview.label')}>
            <thead>
              <tr>
                <th scope="col">{t('crawl_targets.preview.columns.name')}</th>
                <th scope="col">{t('crawl_targets.preview.columns.price')}</th>
                <th scope="col">{t('crawl_targets.preview.columns.currency')}</th>
                <th scope="col">{t('crawl_targets.preview.columns.why')}</th>
                <th scope="col">{t('crawl_targets.preview.columns.unit')}</th>
                <th scope="col">{t('crawl_targets.preview.columns.tax')}</th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row, index) => (
                <Fragment key={index}>
                  <tr data-testid="preview-offer" data-undecided={row.warning ? 'true' : undefined}>
                    <td className="target-preview__name">{row.name}</td>
                    <td className="target-preview__nowrap">{row.price}</td>
                    <td title={row.currencyTitle}>
                      {row.warning ? <Badge tone="warning">{row.currency}</Badge> : row.currency}
                    </td>
                    <td title={row.whyTitle}>{row.why}</td>
                    <td>{row.unit}</td>
                    <td className="target-preview__nowrap">{row.tax}</td>
                  </tr>
                  {row.warning && (
                    <tr className="target-preview__warning" data-testid="preview-undecided">
                      <td colSpan={6}>
                        <AlertIcon size={14} />
                        {row.warning}
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view.truncated && <p className="target-preview__note">{view.truncated}</p>}
    </section>
  );
}
