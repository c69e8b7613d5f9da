import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { cssPath, isOldPrice, loadHtml, loadVisible, OLD_PRICE_SELECTOR, type DomElement } from './dom.ts';

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
    expect(picked).toBe(21);
  });
});

describe('loadVisible', () => {
  it('drops scripts, old prices and the tags asked for, and keeps the rest', () => {
    const $ = loadVisible(
      '<html><head><title>t</title></head><body><nav>menú</nav><p>Precio: $10 <del>$12</del></p>' +
        '<script>var p = 99</script><footer>pie</footer></body></html>',
      new Set(['nav']),
    );
    expect($('body').text()).toBe('Precio: $10 pie');
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
  it('finds the element again, and writes what the cheerio version wrote, on every fixture page', () => {
    let checked = 0;
    for (const [name, html] of pages) {
      const $ = loadVisible(html, new Set());
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
    expect(cssPath($, $('b')[0] as DomElement)).toBe(
      '#precios > table > tbody > tr:nth-of-type(2) > td:nth-of-type(2) > b',
    );
    expect(cssPath($, $('table')[0] as DomElement)).toBe('#precios > table');
  });
});
