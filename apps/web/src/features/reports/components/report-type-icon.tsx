import type { ReactNode } from 'react';
import type { Report } from '@preciofab/shared/contracts/reports';
import { Icon } from '../../../components/ui/icons.tsx';

/** One line icon per report type (spec §2); decorative, the type is also written on the card. */
const PATHS: Record<Report['type'], ReactNode> = {
  // A price tag.
  pricing: (
    <>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </>
  ),
  // A shop front.
  vendor: (
    <>
      <path d="M3 9 4.5 4h15L21 9" />
      <path d="M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0Z" />
      <path d="M5 13v7h14v-7M10 20v-4h4v4" />
    </>
  ),
  // Bars of percentiles.
  benchmark: (
    <>
      <path d="M3 21h18" />
      <rect x="5" y="11" width="3" height="7" />
      <rect x="10.5" y="6" width="3" height="12" />
      <rect x="16" y="9" width="3" height="9" />
    </>
  ),
  // A radar sweep.
  discovery: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <path d="m12 12 6-6" />
    </>
  ),
};

export function ReportTypeIcon({ type, size = 22 }: { type: Report['type']; size?: number }) {
  return <Icon size={size}>{PATHS[type]}</Icon>;
}
