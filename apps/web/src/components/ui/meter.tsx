import type { Tone } from './badge.tsx';
import './meter.css';

type MeterProps = { label: string; value: number; valueText: string; tone: Tone };

/** A labelled 0–100 bar, e.g. disk usage. */
export function Meter({ label, value, valueText, tone }: MeterProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div className="meter">
      <div className="meter__legend">
        <span>{label}</span>
        <span className="meter__value">{valueText}</span>
      </div>
      <div
        className="meter__track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={valueText}
        data-tone={tone}
      >
        <span className={`meter__bar meter__bar--${tone}`} style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
