/** The same vendor selling the same thing in the same unit is one offer, however the name's case
 * and spacing were typed: the form and the crawler both key offers with it. */
export function offerKey(serviceName: string, unit: string): string {
  return `${serviceName.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()}|${unit}`;
}
