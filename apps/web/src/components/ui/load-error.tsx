import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { AlertIcon, RefreshIcon } from './icons.tsx';
import './load-error.css';

type LoadErrorProps = {
  title: string;
  text?: string;
  /** Possible causes, listed under the text. */
  reasons?: readonly string[];
  retryLabel: string;
  /** What the button does; by default it reloads the page. */
  onRetry?: () => void;
  retrying?: boolean;
  testId?: string;
};

/** A screen's data could not load: what failed, maybe why, and a way to try again. */
export function LoadError({
  title,
  text,
  reasons,
  retryLabel,
  onRetry,
  retrying = false,
  testId,
}: LoadErrorProps) {
  return (
    <Card className="load-error" role="alert" data-testid={testId}>
      <AlertIcon size={28} />
      <p className="load-error__title">{title}</p>
      {text && <p className="load-error__text">{text}</p>}
      {reasons && (
        <ul className="load-error__reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={onRetry ?? (() => window.location.reload())} loading={retrying}>
        {!retrying && <RefreshIcon size={16} />}
        {retryLabel}
      </Button>
    </Card>
  );
}
