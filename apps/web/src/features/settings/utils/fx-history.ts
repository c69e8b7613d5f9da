/** A currency's history shows this many rates a page. */
export const HISTORY_PAGE_SIZE = 20;

/** "Rates X–Y of Z" and whether Previous and Next may move; pages counted from 0. */
export function historyPage(page: number, total: number, size = HISTORY_PAGE_SIZE) {
  const from = total === 0 ? 0 : page * size + 1;
  return {
    from,
    to: Math.min((page + 1) * size, total),
    total,
    hasPrevious: page > 0,
    hasNext: (page + 1) * size < total,
  };
}
