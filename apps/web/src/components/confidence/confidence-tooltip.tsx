import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ConfidenceBreakdown } from '@preciofab/shared/contracts/observations';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useObservation } from '../evidence/api/get-observation.ts';
import { Spinner } from '../ui/spinner.tsx';
import { ConfidenceBreakdownView, type ConfidenceAggregate } from './confidence-breakdown-view.tsx';

type Props = {
  id: string;
  anchor: HTMLElement | null;
  breakdown: ConfidenceBreakdown | undefined;
  aggregate: ConfidenceAggregate | undefined;
  observationId: string | undefined;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
};

const WIDTH = 300;
const GAP = 8;

/** Below the badge (above it when there is no room), kept inside the window. Rendered in a portal
 * with a fixed position so a table's scroll box cannot clip it. */
function place(anchor: HTMLElement, height: number): { top: number; left: number } {
  const r = anchor.getBoundingClientRect();
  const left = Math.min(Math.max(GAP, r.left + r.width / 2 - WIDTH / 2), window.innerWidth - WIDTH - GAP);
  const below = r.bottom + GAP;
  const top = below + height > window.innerHeight && r.top - GAP - height > 0 ? r.top - GAP - height : below;
  return { top, left: Math.max(GAP, left) };
}

export function ConfidenceTooltip({
  id,
  anchor,
  breakdown,
  aggregate,
  observationId,
  onPointerEnter,
  onPointerLeave,
}: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ top: -9999, left: -9999 });
  const detail = useObservation(observationId ?? null, breakdown === undefined);
  const shown = breakdown ?? detail.data?.confidence;

  useLayoutEffect(() => {
    if (anchor && box.current) setPosition(place(anchor, box.current.offsetHeight));
  }, [anchor, shown]);

  return createPortal(
    <div
      ref={box}
      id={id}
      role="tooltip"
      className="confidence-tooltip"
      data-testid="confidence-tooltip"
      style={{ top: position.top, left: position.left, width: WIDTH }}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <p className="confidence-tooltip__title">{t('confidence.title')}</p>
      {shown ? (
        <ConfidenceBreakdownView breakdown={shown} aggregate={aggregate} />
      ) : detail.isError ? (
        <p className="confidence-tooltip__status">{t('confidence.error')}</p>
      ) : (
        <p className="confidence-tooltip__status">
          <Spinner size={16} />
          {t('confidence.loading')}
        </p>
      )}
    </div>,
    // Inside the landmark (or dialog) of its badge, so assistive technology finds it in context.
    anchor?.closest<HTMLElement>('[role="dialog"], main') ?? document.body,
  );
}
