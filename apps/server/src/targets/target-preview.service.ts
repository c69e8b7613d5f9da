import type { ExtractedOffer } from '@preciofab/extract/offer';
import { PageReadError, readTargetPage } from '@preciofab/extract/thread/read-page';
import { FetchError } from '@preciofab/fetch/fetch-error';
import {
  PREVIEW_MAX_OFFERS,
  type PreviewOffer,
  type TargetPreview,
  type TargetPreviewInput,
} from '@preciofab/shared/contracts/targets';
import { AppError } from '@preciofab/shared/errors';
import { createUserRateLimit } from '../http/user-rate-limit.ts';
import type { PageReader } from './page-reader.ts';

/** Previews a user may start in a minute; one runs at a time. */
const PREVIEWS_PER_MINUTE = 10;

function toPreviewOffer(offer: ExtractedOffer): PreviewOffer {
  return {
    offer_name: offer.offer_name,
    price: offer.price,
    currency: offer.currency,
    currency_evidence: offer.currency_evidence,
    unit: offer.unit,
    quantity: offer.quantity,
    includes_tax: offer.includes_tax,
    price_is_minimum: offer.price_is_minimum,
    price_type: offer.price_type,
    category: offer.category,
  };
}

/** A page that could not be had or read is the URL's problem, not the server's: 422, with the code
 * the targets table translates on the url field. */
function unreadable(error: unknown): unknown {
  if (!(error instanceof FetchError || error instanceof PageReadError)) return error;
  return new AppError('unprocessable', 'errors.page_unreadable', {
    errors: [{ field: 'url', message: 'errors.page_unreadable', code: error.code }],
  });
}

/** The Test button of the target form: what the crawler would read at a URL, saving nothing. */
export function createTargetPreviewService(reader: PageReader) {
  const limit = createUserRateLimit({
    perWindow: PREVIEWS_PER_MINUTE,
    windowMs: 60_000,
    busyMessage: 'errors.preview_running',
  });
  return {
    async preview(input: TargetPreviewInput, userId: string): Promise<TargetPreview> {
      const release = limit.begin(userId);
      const started = performance.now();
      try {
        const read = await readTargetPage(
          {
            url: input.url,
            category: input.category ?? null,
            currency: input.currency ?? null,
            selectors: input.selectors ?? null,
          },
          { fetcher: reader.fetcher, extractor: reader.extractor, checkRendering: true },
        );
        return {
          url: input.url,
          final_url: read.finalUrl,
          page_kind: read.page_kind,
          offers: read.offers.slice(0, PREVIEW_MAX_OFFERS).map(toPreviewOffer),
          truncated: read.offers.length > PREVIEW_MAX_OFFERS,
          script_drawn: read.needsRendering,
          ms: Math.round(performance.now() - started),
        };
      } catch (error) {
        throw unreadable(error);
      } finally {
        release();
      }
    },
  };
}
