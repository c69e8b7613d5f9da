import { useState } from 'react';
import { Tabs } from '../../../components/evidence/evidence-tabs.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useUnitLabel } from '../../../i18n/use-unit-label.ts';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { useReview, type ReviewDetail } from '../api/get-review.ts';
import type { ReviewItem } from '../api/get-reviews.ts';
import { ReasonList } from './reason-list.tsx';
import {
  CurrencyPanel,
  FieldsPanel,
  HistoryPanel,
  ScreenshotPanel,
  SnapshotPanel,
} from './review-evidence.tsx';
import { STATUS_TONE } from './review-table.tsx';

const TABS = ['snapshot', 'screenshot', 'fields', 'currency', 'history'] as const;
type TabKey = (typeof TABS)[number];

export type DecisionHandlers = {
  onApprove: (item: ReviewItem) => void;
  onReject: (item: ReviewItem) => void;
  onCorrect: (item: ReviewItem) => void;
  busy: boolean;
};

type Props = {
  item: ReviewItem;
  /** Null for a reader: the evidence only. */
  decisions: DecisionHandlers | null;
  onClose: () => void;
};

function Reading({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const unitLabel = useUnitLabel();
  const o = detail.observation;
  return (
    <dl className="evidence-facts review-reading" data-testid="review-reading">
      <dt>{t('review.detail.price')}</dt>
      <dd>{t('usd.per_unit', { amount: format.money(o.price, o.currency), unit: unitLabel(o.unit) })}</dd>
      <dt>{t('review.detail.usd')}</dt>
      <dd>{o.price_net_usd === null ? t('review.detail.no_usd') : format.usdPerUnit(o.price_net_usd)}</dd>
      <dt>{t('review.detail.tax_state')}</dt>
      <dd>{t(`review.tax_states.${o.tax_state}`)}</dd>
      <dt>{t('review.detail.confidence')}</dt>
      <dd>{format.scorePercent(o.confidence_score)}</dd>
      <dt>{t('review.detail.observed')}</dt>
      <dd>{format.dateTime(o.observed_at)}</dd>
      <dt>{t('review.detail.status')}</dt>
      <dd>
        <Badge tone={STATUS_TONE[detail.status]}>{t(`review.statuses.${detail.status}`)}</Badge>
      </dd>
    </dl>
  );
}

function Decisions({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (detail.decisions.length === 0) return null;
  return (
    <>
      <h3 className="evidence-tab__heading">{t('review.detail.decisions_title')}</h3>
      <ul className="review-decisions" data-testid="review-decisions">
        {detail.decisions.map((decision) => (
          <li key={decision.id}>
            {t('review.detail.decision', {
              action: t(`review.detail.actions.${decision.action}`),
              name: decision.actor_name ?? t('review.detail.someone'),
              time: format.dateTime(decision.at),
            })}
            {decision.note && <q className="review-decisions__note">{decision.note}</q>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** One held observation: why it was held, the reading, and its evidence (the saved page with the
 * field highlighted, the screenshot, each field's selector, the currency evidence, the offer's
 * history); operators decide from here too. */
export function ReviewDetailModal({ item, decisions, onClose }: Props) {
  const { t } = useTranslation();
  const review = useReview(item.id);
  const [tab, setTab] = useState<TabKey>('snapshot');
  const detail = review.data;
  return (
    <Modal
      title={t('review.detail.title', { offer: item.observation.offer_name })}
      closeLabel={t('review.detail.close')}
      onClose={onClose}
      size="lg"
    >
      <div className="modal__body review-detail" data-testid="review-detail">
        {review.isError ? (
          <Alert>
            {t('review.detail.load_error')} {describeApiError(review.error, t)}
          </Alert>
        ) : !detail ? (
          <p className="evidence-loading">
            <Spinner />
            {t('review.detail.loading')}
          </p>
        ) : (
          <>
            <p className="evidence-modal__summary">
              {detail.observation.vendor_name} · {detail.observation.offer_name}
            </p>
            <h3 className="evidence-tab__heading">{t('review.detail.reasons_title')}</h3>
            <ReasonList reasons={detail.reasons} />
            <h3 className="evidence-tab__heading">{t('review.detail.reading_title')}</h3>
            <Reading detail={detail} />
            {decisions && detail.status === 'pending' && (
              <div className="review-detail__actions">
                <Button
                  onClick={() => decisions.onApprove(item)}
                  loading={decisions.busy}
                  data-testid="detail-approve"
                >
                  {t('review.table.approve')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => decisions.onCorrect(item)}
                  data-testid="detail-correct"
                >
                  {t('review.table.correct')}
                </Button>
                <Button variant="ghost" onClick={() => decisions.onReject(item)} data-testid="detail-reject">
                  {t('review.table.reject')}
                </Button>
              </div>
            )}
            <Tabs
              tabs={TABS.map((key) => ({ key, label: t(`review.detail.tabs.${key}`) }))}
              active={tab}
              onChange={setTab}
              label={t('review.detail.tabs_label')}
            >
              <div className="evidence-tab">
                {tab === 'snapshot' && <SnapshotPanel evidence={detail.evidence} />}
                {tab === 'screenshot' && <ScreenshotPanel evidence={detail.evidence} />}
                {tab === 'fields' && <FieldsPanel evidence={detail.evidence} />}
                {tab === 'currency' && (
                  <CurrencyPanel evidence={detail.evidence} currency={detail.observation.currency} />
                )}
                {tab === 'history' && <HistoryPanel detail={detail} />}
              </div>
            </Tabs>
            <Decisions detail={detail} />
          </>
        )}
      </div>
    </Modal>
  );
}
