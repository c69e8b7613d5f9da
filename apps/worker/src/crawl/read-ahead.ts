/** A page read and handed to storage: `stored` settles once it is stored (or its failure is
 * recorded); until then it holds `bytes` of evidence in memory. */
export type ReadPage = { stored: Promise<void>; bytes: number };

export type ReadAheadLimits = {
  /** Pages read at once (the run's parallel workers). */
  workers: number;
  /** Pages being read or waiting to be stored, at most. */
  pages: number;
  /** Bytes the pages waiting to be stored may hold: at or past it, no new read starts until a
   * store settles (the reads under way may each add a page; and with nothing waiting, a read
   * always starts, however large its page, so a run never stalls). */
  bytes: number;
};

/**
 * Reads `items` with `limits.workers` lanes, each going on to its next item as soon as the last one
 * is read, not stored, while what waits for storage stays within `limits.pages` and `limits.bytes`.
 * The first storage failure stops new reads; it is thrown once the stores in flight settle.
 */
export async function readAhead<T>(
  items: readonly T[],
  limits: ReadAheadLimits,
  read: (item: T) => Promise<ReadPage>,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let heldBytes = 0;
  let failure: { error: unknown } | null = null;
  let reading = 0;
  let next = 0;
  const full = () => inFlight.size + reading >= limits.pages || heldBytes >= limits.bytes;
  const lane = async () => {
    while (next < items.length && !failure) {
      while (inFlight.size > 0 && full()) await Promise.race(inFlight);
      if (failure || next >= items.length) return;
      reading += 1;
      let page: ReadPage;
      try {
        page = await read(items[next++]!);
      } finally {
        reading -= 1;
      }
      const { stored, bytes } = page;
      heldBytes += bytes;
      const settled: Promise<void> = stored
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          heldBytes -= bytes;
          inFlight.delete(settled);
        });
      inFlight.add(settled);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.workers, items.length) }, lane));
  await Promise.all(inFlight);
  if (failure) throw (failure as { error: unknown }).error;
}
