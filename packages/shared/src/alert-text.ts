import type { Language } from './catalogue.ts';
import type { AlertData, AlertKind } from './contracts/alerts.ts';
import { translate, MESSAGE_LOCALES } from './i18n/messages.ts';
import { currencyDecimals } from './report-format.ts';
import { valueLabel } from './value-labels.ts';

/**
 * An alert in words, written once for every reader: the console's bell and notifications page,
 * alert email and digests. The sentence comes from the alert's kind and data (`alert_text.<kind>`
 * in the shared messages), with money and percentages written for the language; the evidence is a
 * console path. Plain text: whoever puts it in HTML escapes it (`escapeHtml`).
 */

/** Money in its currency, written for the language: "MXN 1,234.50" / "MXN 1,234.50". */
export function formatMoney(lang: Language, amount: number, currency: string): string {
  const decimals = currencyDecimals(currency, 2);
  const n = new Intl.NumberFormat(MESSAGE_LOCALES[lang], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: Math.max(decimals, Math.abs(amount) < 1 ? 4 : decimals),
  }).format(amount);
  return `${currency} ${n}`;
}

/** A signed percent (12.5 is 12.5 %), written for the language without its sign: "12.5 %" / "12.5%". */
export function formatPercent(lang: Language, percent: number): string {
  return new Intl.NumberFormat(MESSAGE_LOCALES[lang], { style: 'percent', maximumFractionDigits: 1 }).format(
    Math.abs(percent) / 100,
  );
}

const direction = (lang: Language, change: number) =>
  translate(lang, change < 0 ? 'alert_text.down' : 'alert_text.up');

/** The console's page showing an alert's evidence (a path, without the origin): the reading that
 * changed, the offer, the failing target, the candidates or the benchmark group. The console reads
 * these query parameters to open the item. */
export function alertEvidencePath(kind: AlertKind, data: AlertData): string {
  const q = (path: string, params: Record<string, string | null | undefined>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) s.set(k, v);
    const text = s.toString();
    return text ? `${path}?${text}` : path;
  };
  switch (kind) {
    case 'price_change': {
      const d = data as AlertData<'price_change'>;
      return q('/prices', { observation: d.observation_id, offer: d.offer_id });
    }
    case 'new_offer': {
      const d = data as AlertData<'new_offer'>;
      return q('/prices', { observation: d.observation_id, offer: d.offer_id });
    }
    case 'offer_gone': {
      const d = data as AlertData<'offer_gone'>;
      return q('/prices', { observation: d.last_observation_id, offer: d.offer_id });
    }
    case 'target_failing': {
      const d = data as AlertData<'target_failing'>;
      return q('/crawl-targets', { target: d.target_id });
    }
    case 'discovery_candidate': {
      const d = data as AlertData<'discovery_candidate'>;
      return q('/discovery', { source: d.source_id, candidate: d.candidates[0]?.id });
    }
    case 'benchmark_move': {
      const d = data as AlertData<'benchmark_move'>;
      return q('/benchmarks', {
        category: d.category,
        region: d.region,
        window: String(d.time_window_days),
        calculation: d.calculation_id,
      });
    }
  }
}

/** The alert's headline (the kind, in words) and its sentence. */
export function alertText(lang: Language, kind: AlertKind, data: AlertData): { title: string; text: string } {
  const title = translate(lang, `alert_text.titles.${kind}`);
  const t = (values: Record<string, string | number>) => translate(lang, `alert_text.${kind}`, values);
  switch (kind) {
    case 'price_change': {
      const d = data as AlertData<'price_change'>;
      return {
        title,
        text: t({
          offer: d.offer_name,
          vendor: d.vendor_name,
          direction: direction(lang, d.change_percent),
          percent: formatPercent(lang, d.change_percent),
          old: formatMoney(lang, d.old_price, d.currency),
          new: formatMoney(lang, d.new_price, d.currency),
          unit: valueLabel(lang, 'unit', d.unit),
        }),
      };
    }
    case 'new_offer': {
      const d = data as AlertData<'new_offer'>;
      return {
        title,
        text: t({
          offer: d.offer_name,
          vendor: d.vendor_name,
          price: formatMoney(lang, d.price, d.currency),
          unit: valueLabel(lang, 'unit', d.unit),
          category: valueLabel(lang, 'category', d.category),
        }),
      };
    }
    case 'offer_gone': {
      const d = data as AlertData<'offer_gone'>;
      return { title, text: t({ offer: d.offer_name, vendor: d.vendor_name, count: d.missed_crawls }) };
    }
    case 'target_failing': {
      const d = data as AlertData<'target_failing'>;
      return { title, text: t({ url: d.target_url, vendor: d.vendor_name, count: d.failures }) };
    }
    case 'discovery_candidate': {
      const d = data as AlertData<'discovery_candidate'>;
      return { title, text: t({ source: d.source_name, count: d.count }) };
    }
    case 'benchmark_move': {
      const d = data as AlertData<'benchmark_move'>;
      return {
        title,
        text: t({
          category: valueLabel(lang, 'category', d.category),
          region: valueLabel(lang, 'region', d.region),
          direction: direction(lang, d.change_percent),
          percent: formatPercent(lang, d.change_percent),
          old: formatMoney(lang, d.old_median, 'USD'),
          new: formatMoney(lang, d.new_median, 'USD'),
          unit: valueLabel(lang, 'unit', d.base_unit),
        }),
      };
    }
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
