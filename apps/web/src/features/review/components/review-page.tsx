import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { canWrite, type ScreenProps } from '../../../lib/screen-props.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useApproveReview } from '../api/approve-review.ts';
import { useBulkReview, type ReviewBulkResult } from '../api/bulk-review.ts';
import { REVIEWS_PAGE_SIZE, useReviews, type ReviewItem, type ReviewListParams } from '../api/get-reviews.ts';
import { useRejectReview } from '../api/reject-review.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { readReviewParams, writeReviewParams } from '../utils/review-params.ts';
import { BulkBar } from './bulk-bar.tsx';
import { CorrectReviewModal } from './correct-review-modal.tsx';
import { RejectReviewModal } from './reject-review-modal.tsx';
import { ReviewDetailModal } from './review-detail-modal.tsx';
import { ReviewFilters } from './review-filters.tsx';
import { ReviewIcon } from './review-icon.tsx';
import { ReviewPager } from './review-pager.tsx';
import { ReviewTable } from './review-table.tsx';
import '../../../components/evidence/evidence.css';
import './review.css';

type Dialog =
  | { kind: 'detail'; item: ReviewItem }
  | { kind: 'correct'; item: ReviewItem }
  | { kind: 'reject'; item: ReviewItem }
  | { kind: 'bulk-reject'; ids: readonly string[] };

/** /review: observations held out of benchmarks and reports until someone decides. Everyone reads
 * the queue and its evidence; operators and admins approve, correct and reject, one by one or the
 * ticked rows at once. */
export function ReviewPage({ role }: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('review.title'));
  const writer = canWrite(role);
  const [search, setSearch] = useSearchParams();
  const params = readReviewParams(search);
  const setParams = (next: Partial<ReviewListParams>) =>
    setSearch((previous) => writeReviewParams(previous, next), { replace: true });
  const list = useReviews(params);
  const items = useMemo(() => list.data?.data ?? [], [list.data]);
  const pendingIds = useMemo(
    () => items.filter((item) => item.status === 'pending').map((item) => item.id),
    [items],
  );
  const selection = useSelection(pendingIds);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const approve = useApproveReview();
  const reject = useRejectReview();
  const bulk = useBulkReview();
  const filtered = params.reason !== null || params.vendorId !== null || params.category !== null;
  // Deciding the last rows of a later page leaves it empty: go back to the last page that has rows.
  const lastPage = list.data ? Math.max(0, Math.ceil(list.data.total / REVIEWS_PAGE_SIZE) - 1) : 0;
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && params.page > lastPage;
  useEffect(() => {
    if (pastTheEnd)
      setSearch((previous) => writeReviewParams(previous, { page: lastPage }), { replace: true });
  }, [pastTheEnd, lastPage, setSearch]);

  const onApprove = (item: ReviewItem) =>
    approve.mutate(
      { id: item.id },
      {
        onSuccess: () => {
          toast.success(t('review.toasts.approved', { offer: item.observation.offer_name }));
          setDialog(null);
        },
      },
    );

  const sayBulk = (result: ReviewBulkResult) => {
    const skipped = result.results.length - result.done;
    toast.success(t('review.bulk.done', { count: result.done }));
    if (skipped > 0) toast(t('review.bulk.skipped', { count: skipped }));
    selection.clear();
  };
  const onBulkApprove = () =>
    bulk.mutate(
      { action: 'approve', ids: [...selection.selected], note: null },
      // A failure gets the console's call-level toast (app/query-client.ts).
      { onSuccess: sayBulk },
    );

  const decisions = writer
    ? {
        onApprove,
        onReject: (item: ReviewItem) => setDialog({ kind: 'reject', item }),
        onCorrect: (item: ReviewItem) => setDialog({ kind: 'correct', item }),
        busy: approve.isPending,
      }
    : null;

  const content = () => {
    if (list.isError && !list.data) {
      return (
        <LoadError
          title={t('review.load_error')}
          retryLabel={t('common.refresh')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      );
    }
    if (!list.data) return <Skeleton height={240} />;
    if (items.length === 0) {
      return (
        <EmptyState
          icon={<ReviewIcon size={28} />}
          title={filtered ? t('review.empty.filtered_title') : t('review.empty.title')}
          text={filtered ? t('review.empty.filtered_text') : t('review.empty.text')}
        />
      );
    }
    return (
      <>
        <ReviewTable
          items={items}
          onOpen={(item) => setDialog({ kind: 'detail', item })}
          actions={
            decisions && {
              ...decisions,
              selected: selection.selected,
              onToggle: selection.toggle,
              onToggleAll: selection.toggleAll,
              busyId: approve.isPending ? (approve.variables?.id ?? null) : null,
            }
          }
        />
        <ReviewPager
          page={params.page}
          pageSize={REVIEWS_PAGE_SIZE}
          total={list.data.total}
          onPage={(page) => setParams({ page })}
        />
      </>
    );
  };

  const total = list.data?.total;
  return (
    <div className="review-page">
      <PageHeader
        title={t('review.title')}
        subtitle={t('review.subtitle')}
        badge={
          total !== undefined && (
            <span data-testid="review-total" data-count={total}>
              <Badge tone={params.status === 'pending' && total > 0 ? 'warning' : 'neutral'}>
                {params.status === 'pending'
                  ? t('review.total', { count: total })
                  : t('review.total_status', { count: total })}
              </Badge>
            </span>
          )
        }
      />
      {!writer && <p className="review-page__note">{t('review.read_only')}</p>}
      <Card className="review-card" aria-busy={list.isFetching}>
        <ReviewFilters
          filters={params}
          pendingByReason={list.data?.pending_by_reason ?? null}
          onChange={setParams}
        />
        {writer && (
          <BulkBar
            count={selection.selected.size}
            busy={bulk.isPending}
            onApprove={onBulkApprove}
            onReject={() => setDialog({ kind: 'bulk-reject', ids: [...selection.selected] })}
            onClear={selection.clear}
          />
        )}
        {content()}
      </Card>

      {dialog?.kind === 'detail' && (
        <ReviewDetailModal item={dialog.item} decisions={decisions} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'correct' && (
        <CorrectReviewModal item={dialog.item} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reject' && (
        <RejectReviewModal
          title={t('review.reject.title', { offer: dialog.item.observation.offer_name })}
          busy={reject.isPending}
          onReject={(note) =>
            reject.mutateAsync({ id: dialog.item.id, note }).then(() => {
              toast.success(t('review.toasts.rejected', { offer: dialog.item.observation.offer_name }));
            })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'bulk-reject' && (
        <RejectReviewModal
          title={t('review.reject.title_bulk', { count: dialog.ids.length })}
          busy={bulk.isPending}
          onReject={(note) =>
            bulk.mutateAsync({ action: 'reject', ids: [...dialog.ids], note }).then(sayBulk)
          }
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
