import { useCallback, useMemo, useState } from 'react';

/** The ids ticked among `selectable` (the pending rows on screen). An id that leaves the list (a
 * decision, another page or filter) drops out by itself, so a bulk action only ever takes rows
 * the reviewer can see. */
export function useSelection(selectable: readonly string[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(
    () => new Set(selectable.filter((id) => ticked.has(id))) as ReadonlySet<string>,
    [selectable, ticked],
  );
  const toggle = useCallback(
    (id: string) =>
      setTicked((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const allTicked = selectable.length > 0 && selectable.every((id) => selected.has(id));
  const toggleAll = useCallback(
    () => setTicked(allTicked ? new Set() : new Set(selectable)),
    [allTicked, selectable],
  );
  const clear = useCallback(() => setTicked(new Set()), []);
  return { selected, toggle, toggleAll, clear };
}
