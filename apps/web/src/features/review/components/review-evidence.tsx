import { useMemo } from 'react';
import type { ReviewDetail } from '@preciofab/shared/contracts/review';
import {
  useBlobText,
  useEvidenceFile,
  useObjectUrl,
} from '../../../components/evidence/api/get-evidence-file.ts';
import { inertSnapshot } from '../../../components/evidence/inert-snapshot.ts';
import { NotAvailable } from '../../../components/evidence/not-available.tsx';
import { useFieldText } from '../../../components/evidence/use-field-text.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import { highlightSnapshot } from '../utils/highlight-snapshot.ts';
import { STATUS_TONE } from './review-table.tsx';

type Evidence = ReviewDetail['evidence'];

/** The fields a reviewer checks on the page: where the price, its currency and its unit were read. */
const CHECKED_FIELDS = ['price', 'currency', 'unit'] as const;

/** The saved page in an empty sandbox (as the evidence viewer shows it: components/evidence), with
 * the price, currency and unit marked where their selectors point. */
export function SnapshotPanel({ evidence }: { evidence: Evidence }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const file = useEvidenceFile(evidence.html_snapshot_url);
  const text = useBlobText(file.data);
  const page = useMemo(
    () =>
      text === null
        ? null
        : highlightSnapshot(inertSnapshot(text), evidence.extraction_selectors, CHECKED_FIELDS),
    [text, evidence.extraction_selectors],
  );
  if (!evidence.html_snapshot_url) return <NotAvailable title={t('review.detail.snapshot.not_available')} />;
  if (file.isError) return <NotAvailable title={t('review.detail.snapshot.file_error')} />;
  if (page === null) return <Spinner />;
  return (
    <div className="review-snapshot">
      <p className="review-evidence__note" data-testid="snapshot-highlighted">
        {page.found.length > 0
          ? t('review.detail.snapshot.highlighted', { fields: page.found.map(fieldText.name).join(', ') })
          : t('review.detail.snapshot.not_found')}
      </p>
      <iframe
        className="evidence-snapshot"
        sandbox=""
        srcDoc={page.html}
        title={t('review.detail.snapshot.frame')}
        referrerPolicy="no-referrer"
        data-testid="review-snapshot"
      />
    </div>
  );
}

export function ScreenshotPanel({ evidence }: { evidence: Evidence }) {
  const { t } = useTranslation();
  const file = useEvidenceFile(evidence.screenshot_url);
  const url = useObjectUrl(file.data);
  if (!evidence.screenshot_url) {
    const missing = evidence.screenshot_missing;
    return (
      <NotAvailable
        title={t('review.detail.screenshot.not_available')}
        text={missing ? t(`evidence.screenshot.missing.${missing}`) : undefined}
      />
    );
  }
  if (file.isError) return <NotAvailable title={t('review.detail.screenshot.file_error')} />;
  return (
    <div className="evidence-shot__frame">
      {url ? (
        <img src={url} alt={t('review.detail.screenshot.alt')} data-testid="review-screenshot" />
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/** Each field's selector and confidence, and what the target pins now. */
export function FieldsPanel({ evidence }: { evidence: Evidence }) {
  const { t } = useTranslation();
  const format = useFormat();
  const fieldText = useFieldText();
  const { extraction_selectors: selectors, extraction_confidence: confidence } = evidence;
  const fields = [...new Set([...Object.keys(selectors), ...Object.keys(confidence)])].sort();
  const pinned = evidence.target_selectors ?? {};
  if (fields.length === 0) return <p className="evidence-tab__muted">{t('review.detail.fields.none')}</p>;
  return (
    <div className="evidence-table__scroll">
      <table className="evidence-table" data-testid="review-selectors">
        <thead>
          <tr>
            <th scope="col">{t('review.detail.fields.field')}</th>
            <th scope="col">{t('review.detail.fields.selector')}</th>
            <th scope="col">{t('review.detail.fields.confidence')}</th>
            <th scope="col">{t('review.detail.fields.pinned')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field}>
              <th scope="row">{fieldText.name(field)}</th>
              <td>{selectors[field] ? <code>{selectors[field]}</code> : t('evidence.not_recorded')}</td>
              <td>
                {confidence[field] === undefined
                  ? t('evidence.not_recorded')
                  : format.scorePercent(confidence[field])}
              </td>
              <td>{pinned[field] ? <code>{pinned[field]}</code> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {evidence.crawl_target_id === null && (
        <p className="evidence-tab__muted">{t('review.detail.fields.no_target')}</p>
      )}
    </div>
  );
}

export function CurrencyPanel({ evidence, currency }: { evidence: Evidence; currency: string }) {
  const { t } = useTranslation();
  const found = evidence.currency_evidence;
  return (
    <dl className="evidence-facts" data-testid="review-currency">
      <dt>{t('review.detail.currency.read')}</dt>
      <dd>{currency}</dd>
      {found ? (
        <>
          <dt>{t('review.detail.currency.basis')}</dt>
          <dd>{t(`currency_basis.${found.basis}`)}</dd>
          <dt>{t('review.detail.currency.mark')}</dt>
          <dd>{found.mark ? <code>{found.mark}</code> : t('evidence.not_recorded')}</dd>
          <dt>{t('review.detail.currency.detail')}</dt>
          <dd>{found.detail}</dd>
        </>
      ) : (
        <>
          <dt>{t('review.detail.currency.basis')}</dt>
          <dd>{t('review.detail.currency.none')}</dd>
        </>
      )}
      {evidence.crawl_target_id !== null && (
        <>
          <dt>{t('review.detail.currency.target')}</dt>
          <dd>{evidence.target_currency ?? t('review.detail.currency.target_none')}</dd>
        </>
      )}
    </dl>
  );
}

/** The offer's latest prices, newest first, this reading marked. */
export function HistoryPanel({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const unitLabel = useUnitLabel();
  if (detail.history.length === 0)
    return <p className="evidence-tab__muted">{t('review.detail.history.empty')}</p>;
  return (
    <div className="evidence-table__scroll">
      <table
        className="evidence-table"
        aria-label={t('review.detail.history.label')}
        data-testid="review-history"
      >
        <thead>
          <tr>
            <th scope="col">{t('review.detail.history.date')}</th>
            <th scope="col">{t('review.detail.history.price')}</th>
            <th scope="col">{t('review.detail.history.usd')}</th>
            <th scope="col">{t('review.detail.history.review')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.history.map((point) => (
            <tr key={point.id} className={point.id === detail.id ? 'review-history__current' : undefined}>
              <th scope="row">
                {format.dateTime(point.observed_at)}
                {point.id === detail.id && (
                  <span className="review-table__vendor">{t('review.detail.history.current')}</span>
                )}
              </th>
              <td>
                {t('usd.per_unit', {
                  amount: format.money(point.price, point.currency),
                  unit: unitLabel(point.unit),
                })}
              </td>
              <td>{point.price_usd === null ? '—' : format.usd(point.price_usd)}</td>
              <td>
                {point.review_status ? (
                  <Badge tone={STATUS_TONE[point.review_status]}>
                    {t(`review.statuses.${point.review_status}`)}
                  </Badge>
                ) : (
                  t('review.detail.history.never_held')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
