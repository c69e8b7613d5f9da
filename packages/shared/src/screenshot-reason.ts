/** Why the crawler kept a page without a screenshot, recorded with each observation read off it
 * (`metadata.screenshot_skipped`): the page was a JSON document (a catalogue or API, nothing to
 * photograph), no browser was there (Chromium not installed, or CRAWLER_SCREENSHOTS=false: the page
 * was fetched over plain HTTP), or the browser failed or ran out of time. */
export const SCREENSHOT_SKIPS = ['json_document', 'no_browser', 'capture_failed'] as const;
export type ScreenshotSkip = (typeof SCREENSHOT_SKIPS)[number];

/**
 * Why an observation has no screenshot, as the evidence modal says it. Besides the crawler's own
 * reasons: the price was entered by hand, imported from a file, or is a sample of the demo dataset
 * (no page was visited); it was crawled before the crawler kept any evidence (no snapshot either);
 * or it was crawled before the crawler recorded why (a snapshot, but no reason).
 */
export const SCREENSHOT_MISSING_REASONS = [
  'entered_by_hand',
  'imported',
  'demo_data',
  ...SCREENSHOT_SKIPS,
  'evidence_not_kept',
  'not_recorded',
] as const;
export type ScreenshotMissingReason = (typeof SCREENSHOT_MISSING_REASONS)[number];

const isSkip = (v: unknown): v is ScreenshotSkip =>
  typeof v === 'string' && (SCREENSHOT_SKIPS as readonly string[]).includes(v);

/** The reason an observation has no screenshot, from what is stored with it; null when it has one. */
export function screenshotMissingReason(o: {
  /** price_observations.origin: manual, crawl, import or demo. */
  origin: string;
  hasScreenshot: boolean;
  hasSnapshot: boolean;
  /** metadata.screenshot_skipped, as stored (anything else than a known skip counts as none). */
  skipped: unknown;
}): ScreenshotMissingReason | null {
  if (o.hasScreenshot) return null;
  switch (o.origin) {
    case 'crawl':
      if (isSkip(o.skipped)) return o.skipped;
      return o.hasSnapshot ? 'not_recorded' : 'evidence_not_kept';
    case 'import':
      return 'imported';
    case 'demo':
      return 'demo_data';
    default:
      return 'entered_by_hand';
  }
}
