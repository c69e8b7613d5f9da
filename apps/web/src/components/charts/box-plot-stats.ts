/** Five-number summary of a box plot with Tukey fences: whiskers reach the furthest values within
 * 1.5 × IQR of the quartiles; anything beyond is an outlier (spec §2, Data Explorer). */
export type BoxStats = {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  lowerFence: number;
  upperFence: number;
  /** Indexes into the input of the values beyond the fences. */
  outlierIndexes: number[];
};

export const IQR_FENCE = 1.5;

/** The p-quantile (0..1) of ascending values, interpolated linearly between the closest ranks,
 * as PostgreSQL's percentile_cont does, so the chart agrees with the benchmarks. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low]!;
  const b = sorted[high]!;
  return a + (b - a) * (rank - low);
}

/** null for no finite value. */
export function boxPlotStats(values: readonly number[]): BoxStats | null {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return null;
  const sorted = [...finite].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const median = quantile(sorted, 0.5);
  const q3 = quantile(sorted, 0.75);
  const iqr = q3 - q1;
  const lowerFence = q1 - IQR_FENCE * iqr;
  const upperFence = q3 + IQR_FENCE * iqr;
  const inside = sorted.filter((v) => v >= lowerFence && v <= upperFence);
  const outlierIndexes: number[] = [];
  values.forEach((v, i) => {
    if (Number.isFinite(v) && (v < lowerFence || v > upperFence)) outlierIndexes.push(i);
  });
  return {
    min: inside[0] ?? q1,
    q1,
    median,
    q3,
    max: inside[inside.length - 1] ?? q3,
    lowerFence,
    upperFence,
    outlierIndexes,
  };
}
