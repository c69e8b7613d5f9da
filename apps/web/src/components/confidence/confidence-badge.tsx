import { useEffect, useId, useRef, useState } from 'react';
import type { ConfidenceBreakdown } from '@preciofab/shared/contracts/observations';
import { useFormat } from '../../i18n/use-format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { confidencePercent, displayedTone } from './confidence-tone.ts';
import type { ConfidenceAggregate } from './confidence-breakdown-view.tsx';
import { ConfidenceTooltip } from './confidence-tooltip.tsx';
import './confidence.css';

type Props = {
  /** 0..1 */
  score: number;
  breakdown?: ConfidenceBreakdown;
  /** The breakdown is an average over this many observations, not one observation's: the tooltip
   * says so, and words its notes as averages. */
  aggregate?: ConfidenceAggregate;
  /** Without a breakdown, the tooltip fetches the observation's when it first opens. */
  observationId?: string;
};

/** Spec §2: the tooltip opens after 300 ms of hover, or at once on keyboard focus. */
export const HOVER_DELAY_MS = 300;
const LEAVE_GRACE_MS = 150;

export function ConfidenceBadge({ score, breakdown, aggregate, observationId }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const tooltipId = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const hasDetail = breakdown !== undefined || observationId !== undefined;
  const percent = format.percent(confidencePercent(score));

  const cancel = () => window.clearTimeout(timer.current);
  const show = () => {
    cancel();
    setOpen(true);
  };
  const hide = () => {
    cancel();
    setOpen(false);
  };
  // A short grace lets the pointer cross from the badge into the tooltip (to read its notes).
  const hideSoon = () => {
    cancel();
    timer.current = window.setTimeout(() => setOpen(false), LEAVE_GRACE_MS);
  };
  const showLater = () => {
    cancel();
    timer.current = window.setTimeout(() => setOpen(true), HOVER_DELAY_MS);
  };
  useEffect(() => cancel, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // The tooltip closes, not the dialog around it.
        event.stopPropagation();
        hide();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  if (!hasDetail) {
    return (
      <span
        className={`confidence-badge confidence-badge--${displayedTone(score)}`}
        data-testid="confidence-badge"
      >
        {percent}
      </span>
    );
  }
  return (
    <>
      <button
        ref={anchor}
        type="button"
        className={`confidence-badge confidence-badge--${displayedTone(score)}`}
        data-testid="confidence-badge"
        aria-label={t('confidence.badge_label', { percent })}
        aria-describedby={open ? tooltipId : undefined}
        aria-expanded={open}
        onMouseEnter={showLater}
        onMouseLeave={hideSoon}
        onFocus={show}
        onBlur={hide}
        onClick={(event) => {
          // A badge inside a clickable row opens its tooltip, not the row's evidence.
          event.stopPropagation();
          show();
        }}
      >
        {percent}
      </button>
      {open && (
        <ConfidenceTooltip
          id={tooltipId}
          anchor={anchor.current}
          breakdown={breakdown}
          aggregate={aggregate}
          observationId={observationId}
          onPointerEnter={cancel}
          onPointerLeave={hideSoon}
        />
      )}
    </>
  );
}
