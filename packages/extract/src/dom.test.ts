import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load, type CheerioAPI } from 'cheerio';
import {
  BOUNDARY,
  cssPath,
  isOldPrice,
  loadHtml,
  MAX_DEPTH,
  OLD_PRICE_SELECTOR,
  rawText,
  textOf,
  type DomElement,
} from './dom.ts';

const fixtures = new URL('./extractors/fixtures/', import.meta.url);
const pages = readdirSync(fixtures)
  .filter((f) => f.endsWith('.html'))
  .map((f) => [f, readFileSync(new URL(f, fixtures), 'utf8')] as const);

// Every case the selector names, and near misses it must not take.
const CASES = `<body>
  <del>1</del><s>2</s><strike>3</strike><span style="text-decoration: line-through">4</span>
  <span class="price price--old">5</span><span class="old-price">6</span><span class="x price-old">7</span>
  <span class="oldprice">8</span><span class="compare-at-price">9</span><span class="compare_at">10</span>
  <span class="compareat">11</span><span class="was-price">12</span><span class="price-was">13</span>
  <span class="precio-anterior">14</span><span class="precio-antes">15</span><span class="tachado">16</span>
  <span class="a was">17</span><span class="antes b">18</span><span class="screen-reader-text">19</span>
  <span class="sr-only">20</span><span class="visually-hidden">21</span>
  <span class="wasabi">22</span><span class="antesala">23</span><span class="Old-Price">24</span>
  <span style="text-decoration: underline">25</span><section class="price">26</section>
  <span class="vtex-product-price-1-x-listPriceValue">27</span><span class="f5 strike">28</span>
  <h4 class="js-compare-price-display price-compare">29</h4><span class="andes-money-amount--previous">30</span>
  <span class="regular-price">31</span><span class="striker">32</span>
</body>`;

const elements = (html: string): DomElement[] => {
  const $ = loadHtml(html);
  return $('*').toArray() as DomElement[];
};

describe('isOldPrice', () => {
  it('picks exactly what OLD_PRICE_SELECTOR picks, on the cases and on every fixture page', () => {
    for (const [name, html] of [['cases', CASES] as const, ...pages]) {
      const $ = loadHtml(html);
      for (const el of elements(html)) {
        expect(isOldPrice(el), `${name}: <${el.tagName} class="${el.attribs.class ?? ''}">`).toBe(
          $(el).is(OLD_PRICE_SELECTOR),
        );
      }
    }
    const picked = elements(CASES).filter(isOldPrice).length;
    // Class names are matched in any case ("Old-Price", VTEX's "listPrice"); "striker" is no "strike".
    expect(picked).toBe(27);
  });
});

describe('textOf', () => {
  const text = (html: string) => textOf(loadHtml(html)('#t')[0] as DomElement);

  it('leaves out scripts, hidden elements and old prices', () => {
    expect(
      text(
        '<p id="t">Precio: $10 <del>$12</del><script>var p = 99</script><span hidden>$8</span>' +
          '<span style="display: none">$7</span></p>',
      ),
    ).toBe('Precio: $10');
  });

  it('marks where two elements meet with no space, so their digits are never one number', () => {
    expect(text('<div id="t"><span>$2.22</span><span>0 vendidos</span></div>')).toBe(
      `$2.22${BOUNDARY}0 vendidos`,
    );
    expect(text('<div id="t"><span>$45</span><span>3 piezas disponibles</span></div>')).toBe(
      `$45${BOUNDARY}3 piezas disponibles`,
    );
    expect(text('<div id="t"><b>Filamento</b> <i>PLA</i></div>')).toBe('Filamento PLA');
  });

  it('joins split cents and the parts of one price on purpose', () => {
    expect(text('<div id="t"><span>$1,299</span><sup>00</sup></div>')).toBe('$1,299.00');
    expect(text('<div id="t"><span>$1.299</span><sup>00</sup></div>')).toBe('$1.299,00');
    expect(text('<div id="t"><span>$45</span><sup>99</sup></div>')).toBe('$45.99');
    // Mercado Libre
    expect(
      text(
        '<span id="t" class="andes-money-amount"><span class="andes-money-amount__currency-symbol">$</span>' +
          '<span class="andes-money-amount__fraction">1.299</span><span class="andes-money-amount__cents">90</span></span>',
      ),
    ).toBe('$1.299,90');
    // VTEX
    expect(
      text(
        '<span id="t" class="vtex-product-price-1-x-sellingPriceValue"><span class="vtex-product-price-1-x-currencyCode">R$</span>' +
          '<span class="vtex-product-price-1-x-currencyInteger">1</span><span class="vtex-product-price-1-x-currencyGroup">.</span>' +
          '<span class="vtex-product-price-1-x-currencyInteger">299</span><span class="vtex-product-price-1-x-currencyDecimal">,</span>' +
          '<span class="vtex-product-price-1-x-currencyFraction">90</span></span>',
      ),
    ).toBe('R$1.299,90');
  });

  it('reads a page nested 10,000 deep without recursion, its tree cut at MAX_DEPTH', () => {
    const deep = `<body id="t">${'<div>'.repeat(10000)}<p>$45 <b>MXN</b></p>${'</div>'.repeat(10000)}</body>`;
    expect(text(deep)).toBe('$45 MXN');
    const $ = loadHtml(deep);
    expect(rawText($.root()[0]!).replace(/\s+/g, ' ').trim()).toBe('$45 MXN');
    let depth = 0;
    for (
      let node = $('div').last()[0] as DomElement | undefined;
      node;
      node = node.parent as DomElement | undefined
    )
      depth += 1;
    expect(depth).toBeLessThanOrEqual(MAX_DEPTH + 3);
  });
});

/** cssPath as it was written with cheerio's traversal, kept as the reference for the tree walk. */
function cssPathByCheerio($: CheerioAPI, el: DomElement): string {
  const steps: string[] = [];
  let node = $(el);
  while (node.length && node[0] && 'tagName' in node[0]) {
    const tag = (node[0] as DomElement).tagName;
    const id = node.attr('id');
    if (id && /^[A-Za-z][\w-]*$/.test(id)) {
      steps.unshift(`#${id}`);
      break;
    }
    if (tag === 'body' || tag === 'html') {
      steps.unshift(tag);
      break;
    }
    const same = node.parent().children(tag);
    steps.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.index(node) + 1})` : tag);
    node = node.parent();
  }
  return steps.join(' > ');
}

describe('cssPath', () => {
  it('names, on every fixture page, an element a browser-built tree (parse5) finds with the same text', () => {
    let checked = 0;
    for (const [name, html] of pages) {
      const $ = loadHtml(html);
      const browser = load(html);
      for (const el of $('body *').toArray() as DomElement[]) {
        if (el.attribs.id) continue; // a repeated id names its first element only
        const path = cssPath($, el);
        if (path.includes('#')) continue;
        const found = browser(path);
        expect(found.length, `${name}: ${path}`).toBeGreaterThan(0);
        expect(found.first().text(), `${name}: ${path}`).toBe($(el).text());
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('finds the element again, and writes what the cheerio version wrote, on every fixture page', () => {
    let checked = 0;
    for (const [name, html] of pages) {
      const $ = loadHtml(html);
      const ids = $('[id]')
        .toArray()
        .map((el) => (el as DomElement).attribs['id']);
      for (const el of $('body *').toArray() as DomElement[]) {
        const path = cssPath($, el);
        expect(path, `${name}: <${el.tagName}>`).toBe(cssPathByCheerio($, el));
        // A repeated id names its first element only: not a path of ours to fix.
        if (!path.includes('#') || ids.filter((id) => path.includes(`#${id}`)).length === 1) {
          expect($(path)[0], `${name}: ${path}`).toBe(el);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('steps from the nearest id, numbering only tags that repeat', () => {
    const $ = loadHtml(
      '<body><div id="precios"><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td><b>$5</b></td></tr></table></div></body>',
    );
    // Rows straight under <table> go into an implied <tbody>, as in a browser.
    expect(cssPath($, $('b')[0] as DomElement)).toBe(
      '#precios > table > tbody > tr:nth-of-type(2) > td:nth-of-type(2) > b',
    );
    expect(cssPath($, $('table')[0] as DomElement)).toBe('#precios > table');
  });
});
