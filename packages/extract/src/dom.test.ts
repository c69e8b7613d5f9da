import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isOldPrice, loadHtml, loadVisible, OLD_PRICE_SELECTOR, type DomElement } from './dom.ts';

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
