import { TARGET_ERROR_CODES, type TargetErrorCode } from '@preciofab/shared/catalogue';
import type { PreviewOffer, TargetPreview } from '@preciofab/shared/contracts/targets';
import type { Formatters } from '../../../i18n/formatters.ts';
import type { Translate } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { currencyLabel } from '../../../lib/currency-options.ts';

/** One offer of a preview as the table shows it. */
export type PreviewRow = {
  name: string;
  price: string;
  currency: string;
  /** The currency's name, on hover. */
  currencyTitle: string | undefined;
  /** Why this currency: the evidence's basis, translated. */
  why: string;
  /** The evidence itself (the mark and what was read), on hover. */
  whyTitle: string;
  unit: string;
  tax: string;
  /** Said under an offer whose currency nothing on the page decides. */
  warning: string | null;
};

export type PreviewView = {
  pageKind: string;
  count: string;
  seconds: string;
  /** Where redirects ended, when not at the URL asked for. */
  redirected: string | null;
  truncated: string | null;
  /** Said instead of the table when the page has no offers. */
  empty: string | null;
  rows: PreviewRow[];
};

const taxKey = (includes: boolean | null) =>
  includes === null ? 'unknown' : includes ? 'included' : 'excluded';

function toRow(offer: PreviewOffer, t: Translate, format: Formatters, locale: string): PreviewRow {
  const amount = Number(offer.price);
  // Undecided, the amount stands bare: a `$` that may be pesos or dollars is not written as either.
  const price = offer.currency ? format.money(amount, offer.currency) : format.decimal(amount);
  const { basis, mark, detail } = offer.currency_evidence;
  return {
    name: offer.offer_name,
    price: offer.price_is_minimum ? t('crawl_targets.preview.from', { price }) : price,
    currency: offer.currency ?? t('crawl_targets.preview.undecided'),
    currencyTitle: offer.currency ? currencyLabel(offer.currency, locale) : undefined,
    why: t(`currency_basis.${basis}`),
    whyTitle: [mark, detail].filter(Boolean).join(' · '),
    unit: offer.unit ? t(`prices.units.${offer.unit}`) : '—',
    tax: t(`crawl_targets.preview.tax.${taxKey(offer.includes_tax)}`),
    warning: offer.currency ? null : t('crawl_targets.preview.undecided_warning'),
  };
}

/** A preview's texts, in the reader's language: the page kind, the counts and one row per offer. */
export function describePreview(
  preview: TargetPreview,
  t: Translate,
  format: Formatters,
  locale: string,
): PreviewView {
  const count = preview.offers.length;
  return {
    pageKind: t('crawl_targets.preview.page_kind', {
      kind: t(`crawl_targets.preview.page_kinds.${preview.page_kind}`),
    }),
    count: t('crawl_targets.preview.count', { count }),
    seconds: t('crawl_targets.preview.seconds', { seconds: format.decimal(preview.ms / 1000) }),
    redirected:
      preview.final_url !== preview.url
        ? t('crawl_targets.preview.redirected', { url: preview.final_url })
        : null,
    truncated: preview.truncated ? t('crawl_targets.preview.truncated', { count }) : null,
    empty:
      count === 0
        ? t(preview.script_drawn ? 'crawl_targets.preview.script_drawn' : 'crawl_targets.preview.none')
        : null,
    rows: preview.offers.map((offer) => toRow(offer, t, format, locale)),
  };
}

/** Why a preview failed, as a crawl target's error code (the page could not be had or read), or
 * null for any other failure. */
export function previewErrorCode(error: unknown): TargetErrorCode | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const code = error.errors.find((e) => e.field === 'url')?.code;
  return TARGET_ERROR_CODES.find((known) => known === code) ?? null;
}
