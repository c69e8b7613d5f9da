import { ConfidenceBadge } from '../../../components/confidence/confidence-badge.tsx';

/** The confidence as a rounded percentage badge (green ≥ 80 %, amber ≥ 60 %, red below) with
 * the shared radar tooltip, whose breakdown is fetched when it first opens. */
export function ConfidencePill({ score, observationId }: { score: number; observationId: string }) {
  return (
    <span className="price-confidence" data-testid="price-confidence">
      <ConfidenceBadge score={score} observationId={observationId} />
    </span>
  );
}
