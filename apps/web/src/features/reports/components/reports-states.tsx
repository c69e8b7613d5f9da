import { REPORT_TYPES } from '@preciofab/shared/catalogue';
import { LinkButton } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ReportTypeIcon } from './report-type-icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** Spec §2: no report yet; the four kinds of report, and a way back to the dashboard. */
export function NoReports() {
  const { t } = useTranslation();
  return (
    <Card className="reports-empty" data-testid="reports-empty">
      <p className="reports-empty__title">{t('reports.empty.title')}</p>
      <p className="reports-empty__text">{t('reports.empty.text')}</p>
      <ul className="reports-empty__types">
        {REPORT_TYPES.map((type) => (
          <li key={type}>
            <span className={`report-card__icon report-card__icon--${type}`}>
              <ReportTypeIcon type={type} size={18} />
            </span>
            {t(`reports.empty.types.${type}`)}
          </li>
        ))}
      </ul>
      <LinkButton to="/" variant="secondary">
        {t('reports.empty.home')}
      </LinkButton>
    </Card>
  );
}

/** Spec §8: 'Unable to load reports', connection issues, and a try-again button that reloads. */
export function ReportsLoadError() {
  const { t } = useTranslation();
  return (
    <LoadError
      title={t('reports.load_error.title')}
      text={t('reports.load_error.text')}
      retryLabel={t('reports.load_error.try_again')}
      testId="reports-error"
    />
  );
}

export function ReportsSkeleton() {
  return (
    <ul className="reports-grid" aria-hidden="true">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <li key={i} className="report-card">
          <Skeleton width="70%" height={20} />
          <Skeleton height={36} />
          <Skeleton width="50%" />
        </li>
      ))}
    </ul>
  );
}
