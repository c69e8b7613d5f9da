/** Every data item a builder emits names the observation it stands for, so a click on a point,
 * cell or box can open that observation's evidence. */
export type ObservationItem<V> = { value: V; observationId: string; name?: string };

export type ValuePoint = { observationId: string; value: number };

/** The observation id carried by a clicked item's data, or null (axis, legend, empty cell). */
export function observationIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('observationId' in data)) return null;
  const id = (data as { observationId: unknown }).observationId;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** Categories in order of first appearance. */
export function uniqueInOrder(values: readonly string[]): string[] {
  return [...new Set(values)];
}
