import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ExternalLinkIcon } from '../ui/icons.tsx';
import type { ObservationDetail } from './api/get-observation.ts';

type Step = { key: 'loaded' | 'located' | 'extracted' | 'captured'; done: boolean };

/** The four steps of spec §2, each marked done from what the observation actually holds. */
export function extractionSteps(o: ObservationDetail): { steps: Step[]; located: number } {
  const located = Object.keys(o.source.extraction_selectors).length;
  const crawled = o.source.crawl_run_id !== null || o.source.source_url !== null;
  return {
    located,
    steps: [
      { key: 'loaded', done: crawled },
      { key: 'located', done: located > 0 },
      { key: 'extracted', done: Object.keys(o.source.extraction_confidence).length > 0 || located > 0 },
      { key: 'captured', done: o.source.screenshot_url !== null || o.source.html_snapshot_url !== null },
    ],
  };
}

export function ExtractionTab({ observation }: { observation: ObservationDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { source } = observation;
  const { steps, located } = extractionSteps(observation);
  return (
    <div className="evidence-tab">
      <dl className="evidence-facts">
        <dt>{t('evidence.extraction.crawl_run')}</dt>
        <dd>
          {source.crawl_run_id ? <code>{source.crawl_run_id}</code> : t('evidence.extraction.no_crawl')}
        </dd>
        <dt>{t('evidence.extraction.captured')}</dt>
        <dd>{format.dateTime(source.captured_at ?? observation.observed_at)}</dd>
        <dt>{t('evidence.extraction.source')}</dt>
        <dd>
          {source.source_url ? (
            <a href={source.source_url} target="_blank" rel="noopener noreferrer" className="evidence-link">
              {source.source_url}
              <ExternalLinkIcon size={14} />
            </a>
          ) : (
            t('evidence.not_recorded')
          )}
        </dd>
        {source.currency_evidence && (
          <>
            <dt>{t('evidence.extraction.currency')}</dt>
            <dd title={source.currency_evidence.detail} data-testid="currency-evidence">
              {t('evidence.extraction.currency_value', {
                currency: observation.currency,
                basis: t(`currency_basis.${source.currency_evidence.basis}`),
              })}
            </dd>
          </>
        )}
      </dl>
      <h3 className="evidence-tab__heading">{t('evidence.extraction.steps_title')}</h3>
      <ol className="evidence-steps" data-testid="extraction-steps">
        {steps.map((step) => (
          <li key={step.key} className={step.done ? 'evidence-steps__done' : 'evidence-steps__todo'}>
            <span className="evidence-steps__mark" aria-hidden="true">
              {step.done ? '✓' : '–'}
            </span>
            <span>{t(`evidence.extraction.steps.${step.key}`, { count: located })}</span>
            <span className="evidence-steps__state">
              {step.done ? t('evidence.extraction.done') : t('evidence.extraction.not_done')}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
