/** Spec §5: keywords are typed as comma-separated text; each is trimmed and blanks are dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

/** The list back as the text of the form field. */
export function formatKeywords(keywords: readonly string[]): string {
  return keywords.join(', ');
}
