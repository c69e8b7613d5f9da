import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type Tone } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Meter } from '../../../components/ui/meter.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { usePipelineStatus } from '../hooks/use-pipeline-status.ts';
import type { LinkState, PipelineMessage } from '../utils/pipeline-client.ts';
import { pipelineSteps } from '../utils/pipeline-stages.ts';

const LINK_TONE: Record<LinkState, Tone> = {
  connected: 'good',
  connecting: 'warning',
  disconnected: 'neutral',
  error: 'danger',
};

function PipelineProgress({ message }: { message: PipelineMessage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = format.percent(message.progress);
  const stage = t(`pipeline.stages.${message.stage}`);
  return (
    <div className="pipeline-panel__run" data-testid="pipeline-run" data-status={message.status}>
      <ol className="pipeline-steps">
        {pipelineSteps(message).map((step) => (
          <li key={step.stage} className={`pipeline-steps__item pipeline-steps__item--${step.state}`}>
            <span className="pipeline-steps__dot" aria-hidden="true" />
            <span>{t(`pipeline.stages.${step.stage}`)}</span>
            <span className="visually-hidden">{t(`pipeline.step_states.${step.state}`)}</span>
          </li>
        ))}
      </ol>
      {message.status === 'failed' ? (
        <Alert tone="error">
          <strong>{t('pipeline.failed', { stage, percent })}</strong> {message.message}
        </Alert>
      ) : (
        <>
          <Meter
            label={message.status === 'completed' ? t('pipeline.completed') : stage}
            value={message.progress}
            valueText={percent}
            tone={message.status === 'completed' ? 'good' : 'neutral'}
          />
          <p className="pipeline-panel__message" aria-live="polite">
            {message.message}
          </p>
        </>
      )}
    </div>
  );
}

/** Spec §2/§4: the live pipeline-status panel. Its link state is exposed as data-state. */
export function PipelinePanel() {
  const { t } = useTranslation();
  const { link, message } = usePipelineStatus();
  return (
    <Card
      title={t('pipeline.title')}
      className="pipeline-panel"
      data-testid="pipeline-panel"
      data-state={link}
      actions={
        <span data-testid="pipeline-link">
          <Badge tone={LINK_TONE[link]}>{t(`pipeline.link.${link}`)}</Badge>
        </span>
      }
    >
      {message ? (
        <PipelineProgress message={message} />
      ) : (
        <p className="pipeline-panel__idle">{t('pipeline.idle')}</p>
      )}
    </Card>
  );
}
