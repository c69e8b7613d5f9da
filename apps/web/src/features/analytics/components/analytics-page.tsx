import { useState } from 'react';
import { EvidenceModal } from '../../../components/evidence/evidence-modal.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ScreenProps } from '../../../lib/screen-props.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AnalyticsStatCards } from './analytics-stat-cards.tsx';
import { AnalyticsTips } from './analytics-tips.tsx';
import { DataExplorer } from './data-explorer.tsx';
import './analytics.css';

/** /analytics: stat cards computed from the data, the Data Explorer and the evidence of any
 * observation it shows. Read only, so every role sees the same screen. */
export function AnalyticsPage(_props: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('analytics.title'));
  const [evidenceId, setEvidenceId] = useState<string | null>(null);
  return (
    <div className="analytics-page">
      <PageHeader title={t('analytics.title')} subtitle={t('analytics.subtitle')} />
      <AnalyticsStatCards />
      <DataExplorer onOpenEvidence={setEvidenceId} />
      <AnalyticsTips />
      {evidenceId && <EvidenceModal observationId={evidenceId} onClose={() => setEvidenceId(null)} />}
    </div>
  );
}
