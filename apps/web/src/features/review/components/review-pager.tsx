import { Button } from '../../../components/ui/button.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';

type Props = { page: number; pageSize: number; total: number; onPage: (page: number) => void };

/** "26–50 of 123" with the previous and next pages. */
export function ReviewPager({ page, pageSize, total, onPage }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="review-pager" aria-label={t('review.pager.label')}>
      <span data-testid="review-range">
        {t('review.pager.range', {
          from: format.integer(from),
          to: format.integer(to),
          total: format.integer(total),
        })}
      </span>
      <Button
        size="sm"
        variant="secondary"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
        data-testid="review-previous"
      >
        {t('review.pager.previous')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={to >= total}
        onClick={() => onPage(page + 1)}
        data-testid="review-next"
      >
        {t('review.pager.next')}
      </Button>
    </nav>
  );
}
