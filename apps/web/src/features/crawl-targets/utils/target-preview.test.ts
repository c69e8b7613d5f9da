import { describe, expect, it } from 'vitest';
import type { PreviewOffer, TargetPreview } from '@preciofab/shared/contracts/targets';
import type { MessageKey, MessageValues } from '../../../i18n/catalogue.ts';
import { renderText } from '../../../testing/catalogues.ts';
import { createFormatters } from '../../../i18n/formatters.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { describePreview, previewErrorCode } from './target-preview.ts';

const language = (lang: 'es' | 'en', locale: string) => ({
  t: (key: MessageKey, values: MessageValues = {}) => renderText(lang, key, values, locale),
  format: createFormatters(locale),
  locale,
});
const es = language('es', 'es-MX');
const en = language('en', 'en-US');

const offer = (fields: Partial<PreviewOffer>): PreviewOffer => ({
  offer_name: 'Impresión 3D FDM en PLA',
  price: '2.5',
  currency: 'MXN',
  currency_evidence: { basis: 'code', mark: 'MXN', detail: 'code MXN at the price' },
  unit: 'cm3',
  quantity: 1,
  includes_tax: false,
  price_is_minimum: false,
  price_type: 'service_per_part',
  category: 'additive_manufacturing',
  ...fields,
});

const preview = (offers: PreviewOffer[], fields: Partial<TargetPreview> = {}): TargetPreview => ({
  url: 'https://tienda.example.com/precios',
  final_url: 'https://tienda.example.com/precios',
  page_kind: 'list',
  offers,
  truncated: false,
  script_drawn: false,
  ms: 1250,
  ...fields,
});

describe("the Test button's findings", () => {
  it('show each offer with its currency, why, unit and tax, in the reader’s language', () => {
    const view = describePreview(preview([offer({})]), es.t, es.format, es.locale);
    expect(view).toMatchObject({
      pageKind: 'Tipo de página: lista de precios',
      count: '1 oferta',
      seconds: 'leída en 1.25 s',
      redirected: null,
      truncated: null,
      empty: null,
    });
    expect(view.rows).toEqual([
      {
        name: 'Impresión 3D FDM en PLA',
        price: expect.stringMatching(/^MXN\s2\.50$/),
        currency: 'MXN',
        currencyTitle: 'MXN · peso mexicano',
        why: 'Código o símbolo en el precio',
        whyTitle: 'MXN · code MXN at the price',
        unit: 'cm³',
        tax: 'Más IVA',
        warning: null,
      },
    ]);
  });

  it('warn under an offer whose currency is undecided, and write its amount bare', () => {
    const undecided = offer({
      offer_name: 'Filament PLA 1 kg',
      price: '19.99',
      currency: null,
      currency_evidence: { basis: 'none', mark: '$', detail: 'bare $ on a .com page' },
      unit: null,
      includes_tax: null,
      price_is_minimum: true,
    });
    const [row] = describePreview(preview([undecided]), en.t, en.format, en.locale).rows;
    expect(row).toEqual({
      name: 'Filament PLA 1 kg',
      price: 'from 19.99',
      currency: 'Undecided',
      currencyTitle: undefined,
      why: 'Nothing on the page says',
      whyTitle: '$ · bare $ on a .com page',
      unit: '—',
      tax: 'Not stated',
      warning:
        "This price's currency could not be decided: the page does not say which country its $ is from. " +
        "Choose the target's currency and test again.",
    });
    const [esRow] = describePreview(preview([undecided]), es.t, es.format, es.locale).rows;
    expect(esRow?.warning).toMatch(/^No se pudo decidir la moneda de este precio/);
  });

  it('say when the page has none, was cut short, or ended elsewhere', () => {
    const empty = describePreview(preview([], { page_kind: 'article' }), es.t, es.format, es.locale);
    expect(empty).toMatchObject({
      pageKind: 'Tipo de página: artículo (no se leen ofertas)',
      count: '0 ofertas',
      empty: 'La página no muestra precios que el rastreador pueda leer.',
      rows: [],
    });
    // A shell its scripts fill in: the crawler renders it, the preview says so.
    const drawn = describePreview(preview([], { script_drawn: true }), en.t, en.format, en.locale);
    expect(drawn.empty).toBe(
      'The page draws its prices with its own scripts: the crawler opens it in Chromium to read them when it crawls.',
    );
    const many = Array.from({ length: 100 }, (_, i) => offer({ price: String(i + 1) }));
    const long = describePreview(
      preview(many, { truncated: true, final_url: 'https://tienda.example.com/es/precios' }),
      en.t,
      en.format,
      en.locale,
    );
    expect(long).toMatchObject({
      count: '100 offers',
      truncated: 'Showing the first 100 offers.',
      redirected: 'Ended at https://tienda.example.com/es/precios',
    });
  });

  it('name why a page could not be read by its fetch code, and nothing else', () => {
    const unreadable = (code: string) =>
      new ApiError(422, 'The page could not be read', [{ field: 'url', message: 'x', code }]);
    expect(previewErrorCode(unreadable('robots_disallowed'))).toBe('robots_disallowed');
    expect(previewErrorCode(unreadable('robots_unreachable'))).toBe('robots_unreachable');
    expect(previewErrorCode(unreadable('extraction_timeout'))).toBe('extraction_timeout');
    expect(previewErrorCode(unreadable('gremlins'))).toBeNull();
    expect(previewErrorCode(new ApiError(429, 'Too many requests'))).toBeNull();
    expect(previewErrorCode(new Error('offline'))).toBeNull();
  });
});

describe("a target's robots.txt reasons", () => {
  it('tell a robots.txt that forbids the page from one that could not be read, in both languages', () => {
    expect(es.t('crawl_targets.errors.robots_disallowed')).toBe(
      'El robots.txt del sitio no permite rastrear esta página.',
    );
    expect(es.t('crawl_targets.errors.robots_unreachable')).toMatch(
      /^No se pudo leer el robots\.txt del sitio/,
    );
    expect(en.t('crawl_targets.errors.robots_disallowed')).toBe(
      "The site's robots.txt does not allow crawling this page.",
    );
    expect(en.t('crawl_targets.errors.robots_unreachable')).toMatch(
      /^The site's robots\.txt could not be read/,
    );
  });
});
