import type { Report } from '@preciofab/shared/contracts/reports';

/** Spec §4: the reports filter. 'all' also lists the discovery reports, which have no tab. */
export const REPORT_FILTERS = ['all', 'pricing', 'vendor', 'benchmark'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export function filterReports(reports: readonly Report[], filter: ReportFilter): Report[] {
  return filter === 'all' ? [...reports] : reports.filter((report) => report.type === filter);
}

export function countByFilter(reports: readonly Report[]): Record<ReportFilter, number> {
  return Object.fromEntries(REPORT_FILTERS.map((f) => [f, filterReports(reports, f).length])) as Record<
    ReportFilter,
    number
  >;
}

/** Spec §7: the list comes from `data`, or is the answer itself; anything else is empty. */
export function reportsOf(body: unknown): Report[] {
  if (Array.isArray(body)) return body as Report[];
  if (typeof body === 'object' && body !== null && 'data' in body && Array.isArray(body.data)) {
    return body.data as Report[];
  }
  return [];
}
