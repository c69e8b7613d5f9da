import { CAPABILITIES } from '@preciofab/shared/catalogue';
import { Button } from '../../../components/ui/button.tsx';
import { ExternalLinkIcon } from '../../../components/ui/icons.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { DiscoveryCandidate } from '../api/get-candidates.ts';
import { ConfidenceBadge } from './confidence-badge.tsx';
import { useCategoryLabel } from './labels.ts';

type Props = {
  candidate: DiscoveryCandidate;
  /** Null for viewers: they only read. */
  actions: { onApprove: () => void; onReject: () => void; onNotRelevant: () => void; busy: boolean } | null;
};

/** Spec §2: one pending candidate with its evidence and the three outcomes. */
export function CandidateCard({ candidate, actions }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const categoryLabel = useCategoryLabel();
  const name = candidate.title || candidate.domain;
  return (
    <li className="discovery-card" data-testid="candidate-card">
      <div className="discovery-card__head">
        <h2 className="discovery-card__title">{name}</h2>
        <ConfidenceBadge score={candidate.confidence_score} />
      </div>
      <a
        className="discovery-card__link"
        href={candidate.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('discovery.candidates.open', { url: candidate.url })}
      >
        <span className="discovery-card__url">{candidate.url}</span>
        <ExternalLinkIcon size={14} />
      </a>
      {candidate.description && <p className="discovery-card__text">{candidate.description}</p>}
      <p className="discovery-card__meta">
        <time dateTime={candidate.discovered_at} title={format.dateTime(candidate.discovered_at)}>
          {t('discovery.candidates.discovered', { time: format.relativeTime(candidate.discovered_at) })}
        </time>
        {candidate.source_name && (
          <span>{t('discovery.candidates.source', { name: candidate.source_name })}</span>
        )}
      </p>
      <CandidateProfile candidate={candidate} name={name} />
      <div className="discovery-card__suggestions">
        <span className="discovery-card__label">{t('discovery.candidates.suggested')}</span>
        {candidate.category_suggestions.length > 0 ? (
          <ul className="discovery-chips">
            {candidate.category_suggestions.map((category) => (
              <li key={category} className="discovery-chip">
                {categoryLabel(category)}
              </li>
            ))}
          </ul>
        ) : (
          <span className="discovery-card__muted">{t('discovery.candidates.no_suggestions')}</span>
        )}
      </div>
      {actions && (
        <div className="discovery-card__actions">
          <Button
            size="sm"
            onClick={actions.onApprove}
            disabled={actions.busy}
            data-testid="candidate-approve"
          >
            {t('discovery.candidates.approve')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={actions.onReject}
            disabled={actions.busy}
            data-testid="candidate-reject"
          >
            {t('discovery.candidates.reject')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={actions.onNotRelevant}
            disabled={actions.busy}
            data-testid="candidate-not-relevant"
          >
            {t('discovery.candidates.not_relevant')}
          </Button>
        </div>
      )}
    </li>
  );
}

type Capability = (typeof CAPABILITIES)[number];
const isCapability = (c: string): c is Capability => (CAPABILITIES as readonly string[]).includes(c);

/** What the candidate's home page told: type, place, capabilities and its price page (approval
 * prefills the vendor with them and creates a crawl target at that page). */
function CandidateProfile({ candidate, name }: { candidate: DiscoveryCandidate; name: string }) {
  const { t } = useTranslation();
  const place = [candidate.city, candidate.state].filter(Boolean).join(', ');
  const hasProfile = candidate.vendor_type || place || candidate.capabilities.some(isCapability);
  return (
    <div className="discovery-card__profile" data-testid="candidate-profile">
      {hasProfile && (
        <>
          <span className="discovery-card__label">{t('discovery.candidates.profile_label')}</span>
          <ul className="discovery-chips">
            {candidate.vendor_type && (
              <li className="discovery-chip">{t(`vendors.types.${candidate.vendor_type}`)}</li>
            )}
            {place && <li className="discovery-chip">{t('discovery.candidates.place', { place })}</li>}
            {candidate.capabilities.filter(isCapability).map((c) => (
              <li key={c} className="discovery-chip">
                {t(`vendors.capabilities.${c}`)}
              </li>
            ))}
          </ul>
        </>
      )}
      {candidate.price_url ? (
        <a
          className="discovery-card__link"
          href={candidate.price_url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('discovery.candidates.price_page_open', { name })}
          data-testid="candidate-price-page"
        >
          <span>{t('discovery.candidates.price_page')}</span>
          <ExternalLinkIcon size={14} />
        </a>
      ) : (
        <span className="discovery-card__muted">{t('discovery.candidates.no_price_page')}</span>
      )}
    </div>
  );
}
