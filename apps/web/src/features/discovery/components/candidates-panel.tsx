import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useDecideCandidate, type CandidateDecision } from '../api/decide-candidate.ts';
import type { CandidateList, DiscoveryCandidate } from '../api/get-candidates.ts';
import { CandidateCard } from './candidate-card.tsx';
import { NoCandidates } from './discovery-states.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { toastMutationError } from './toast-error.ts';

type Props = {
  list: CandidateList;
  canDecide: boolean;
  onViewSources: () => void;
};

const SUCCESS_KEY = {
  approve: 'discovery.candidates.approved_toast',
  reject: 'discovery.candidates.rejected_toast',
  not_relevant: 'discovery.candidates.not_relevant_toast',
} as const;

/** The pending candidates; each outcome reloads the list and says so in a toast. */
export function CandidatesPanel({ list, canDecide, onViewSources }: Props) {
  const { t } = useTranslation();
  const decide = useDecideCandidate();
  const [rejecting, setRejecting] = useState<DiscoveryCandidate | null>(null);

  function run(decision: CandidateDecision) {
    const name = decision.candidate.title || decision.candidate.domain;
    decide.mutate(decision, {
      onSuccess: () => {
        toast.success(t(SUCCESS_KEY[decision.kind], { name }));
        setRejecting(null);
      },
      onError: (error) => toastMutationError(error, t('discovery.candidates.failed_toast', { name }), t),
    });
  }

  if (list.data.length === 0) return <NoCandidates onViewSources={onViewSources} />;

  const busyId = decide.isPending ? decide.variables.candidate.id : null;
  return (
    <>
      <ul className="discovery-grid" aria-label={t('discovery.candidates.list_label')}>
        {list.data.map((candidate) => (
          <CandidateCard
            key={candidate.id}
            candidate={candidate}
            actions={
              canDecide
                ? {
                    busy: busyId === candidate.id,
                    onApprove: () => run({ kind: 'approve', candidate }),
                    onReject: () => setRejecting(candidate),
                    onNotRelevant: () => run({ kind: 'not_relevant', candidate }),
                  }
                : null
            }
          />
        ))}
      </ul>
      {rejecting && (
        <RejectDialog
          name={rejecting.title || rejecting.domain}
          busy={decide.isPending}
          onConfirm={(reason) => run({ kind: 'reject', candidate: rejecting, reason })}
          onClose={() => setRejecting(null)}
        />
      )}
    </>
  );
}
