import type { ExtractPageInput } from '../extract-page.ts';
import type { ExtractedOffer } from '../offer.ts';

/** Messages between the crawler and its extraction thread. */
export type ExtractRequest = {
  id: number;
  input: ExtractPageInput & { html: string };
  /** Also judge, when the page yields no offer, whether it is a shell its scripts fill in. */
  checkRendering: boolean;
};

export type HtmlReading = { offers: ExtractedOffer[]; needsRendering: boolean };

export type ExtractResponse = ({ id: number } & HtmlReading) | { id: number; error: string };
