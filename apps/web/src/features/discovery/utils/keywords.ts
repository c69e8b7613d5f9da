/** A stored list as the text of the form field; the contract splits it back on the commas, trims
 * each keyword and drops blanks (spec §5). */
export function formatKeywords(keywords: readonly string[]): string {
  return keywords.join(', ');
}
