import { LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import './review-queue-card.css';

/** The review queue's size (issue 16): observations held out of benchmarks until someone decides,
 * with the way to them. */
export function ReviewQueueCard({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Card
      className={count > 0 ? 'review-queue-card review-queue-card--waiting' : 'review-queue-card'}
      data-testid="review-queue-card"
      data-count={count}
    >
      <div className="review-queue-card__body">
        <div>
          <h2 className="review-queue-card__title">{t('review.dashboard.title')}</h2>
          <p className="review-queue-card__count" data-testid="review-queue-count">
            {count > 0 ? t('review.dashboard.count', { count }) : t('review.dashboard.none')}
          </p>
        </div>
        <LinkButton
          to="/review"
          variant={count > 0 ? 'primary' : 'secondary'}
          size="sm"
          data-testid="open-review"
        >
          {t('review.dashboard.open')}
        </LinkButton>
      </div>
    </Card>
  );
}
