import { TARGET_ERROR_CODES } from '@preciofab/shared/catalogue';
import type { Notification } from '@preciofab/shared/contracts/alerts';
import type { Formatters } from '../../../i18n/formatters.ts';
import type { Translate } from '../../../i18n/use-translation.ts';
import type { ValueKind } from '../../../i18n/use-value-label.ts';

/** Where a notification's evidence is: an observation (its evidence dialog opens in place) or the
 * screen that lists the thing (a crawl target, a discovery candidate, a benchmark). */
export type Evidence = { type: 'observation'; id: string } | { type: 'page'; page: EvidencePage };

/** The screens a notification's evidence can be on, and their addresses. */
export const EVIDENCE_PAGES = {
  targets: '/crawl-targets',
  discovery: '/discovery',
  benchmarks: '/benchmarks',
  prices: '/prices',
} as const;
export type EvidencePage = keyof typeof EVIDENCE_PAGES;

export type NotificationTexts = { sentence: string; detail: string | null; evidence: Evidence };

export type TextTools = {
  t: Translate;
  fmt: Formatters;
  label: (kind: ValueKind, value: string) => string;
  /** A signed change on a 0–100 scale: "+12.5 %", "−3 %". */
  signedPercent: (value: number) => string;
};

/** "+12.5 %" / "-3 %" in the locale, for a percent given on a 0–100 scale. */
export function signedPercentFormat(locale: string): (value: number) => string {
  const format = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return (value) => format.format(value / 100);
}

/**
 * A notification as a sentence in the reader's language, built from its alert's kind and data
 * (the server stores no sentence): money and dates through the console's formatters, codes
 * (units, categories, regions) through the catalogue.
 */
export function notificationTexts(notification: Notification, tools: TextTools): NotificationTexts {
  const { t, fmt, label, signedPercent } = tools;
  switch (notification.kind) {
    case 'price_change': {
      const d = notification.data;
      return {
        sentence: t('alerts.sentences.price_change', {
          offer: d.offer_name,
          vendor: d.vendor_name,
          old: fmt.money(d.old_price, d.currency),
          new: fmt.money(d.new_price, d.currency),
          unit: label('unit', d.unit),
          change: signedPercent(d.change_percent),
        }),
        detail: d.basis === 'usd_per_base_unit' ? t('alerts.sentences.usd_basis') : null,
        evidence: { type: 'observation', id: d.observation_id },
      };
    }
    case 'new_offer': {
      const d = notification.data;
      return {
        sentence: t('alerts.sentences.new_offer', {
          offer: d.offer_name,
          vendor: d.vendor_name,
          price: fmt.money(d.price, d.currency),
          unit: label('unit', d.unit),
        }),
        detail: label('category', d.category),
        evidence: { type: 'observation', id: d.observation_id },
      };
    }
    case 'offer_gone': {
      const d = notification.data;
      return {
        sentence: t('alerts.sentences.offer_gone', {
          offer: d.offer_name,
          vendor: d.vendor_name,
          crawls: d.missed_crawls,
        }),
        detail: t('alerts.sentences.last_seen', { date: fmt.dateTime(d.last_seen_at) }),
        evidence: d.last_observation_id
          ? { type: 'observation', id: d.last_observation_id }
          : { type: 'page', page: 'targets' },
      };
    }
    case 'target_failing': {
      const d = notification.data;
      return {
        sentence: t('alerts.sentences.target_failing', {
          url: d.target_url,
          vendor: d.vendor_name,
          failures: d.failures,
        }),
        detail: isErrorCode(d.error_code)
          ? t('alerts.sentences.last_error', { reason_key: `crawl_targets.errors.${d.error_code}` })
          : null,
        evidence: { type: 'page', page: 'targets' },
      };
    }
    case 'discovery_candidate': {
      const d = notification.data;
      const best = d.candidates[0];
      return {
        sentence: best
          ? t('alerts.sentences.discovery_candidate', {
              candidates: d.count,
              source: d.source_name,
              domain: best.domain,
              confidence: fmt.scorePercent(best.confidence),
            })
          : t('alerts.sentences.discovery_candidate_none', { candidates: d.count, source: d.source_name }),
        detail: null,
        evidence: { type: 'page', page: 'discovery' },
      };
    }
    case 'benchmark_move': {
      const d = notification.data;
      const category = label('category', d.category);
      return {
        sentence: t('alerts.sentences.benchmark_move', {
          group: d.subcategory ? `${category} · ${label('subcategory', d.subcategory)}` : category,
          region: label('region', d.region),
          old: fmt.usdPerUnit(d.old_median),
          new: fmt.usdPerUnit(d.new_median),
          unit: label('unit', d.base_unit),
          change: signedPercent(d.change_percent),
        }),
        detail: t('alerts.sentences.benchmark_detail', {
          observations: d.observation_count,
          days: d.time_window_days,
        }),
        evidence: { type: 'page', page: 'benchmarks' },
      };
    }
  }
}

/** Whether the catalogue has words for a crawl failure's code (crawl_targets.errors). */
const isErrorCode = (code: string | null): code is string =>
  code !== null && (TARGET_ERROR_CODES as readonly string[]).includes(code);
