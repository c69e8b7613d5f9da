import { useEffect, useRef } from 'react';

type Props = {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
};

/** The header checkbox: checked when every row is, mixed when some are. */
export function SelectAllBox({ label, checked, indeterminate, onChange }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // "Mixed" exists only as a DOM property, not as an attribute.
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      data-testid="vendor-select-all"
    />
  );
}
