// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { inertSnapshot } from '../../../components/evidence/inert-snapshot.ts';
import { highlightSnapshot } from './highlight-snapshot.ts';

const PAGE = inertSnapshot(`<html><body><h1>Taller</h1>
<table><tr><td class="name">Impresión 3D FDM</td><td class="price"><b>$3.20</b> MXN</td></tr></table>
<img class="logo" src="data:image/png;base64,AAAA" alt="logo"></body></html>`);

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('highlightSnapshot', () => {
  it('marks the content of the element a field’s selector matches, and names the field', () => {
    const { html, found } = highlightSnapshot(PAGE, { price: 'td.price', name: 'td.name' }, ['price']);
    const doc = parse(html);
    const marks = doc.querySelectorAll('mark[data-review-field="price"]');
    expect(marks.length).toBe(1);
    expect(marks[0]?.parentElement?.className).toBe('price');
    expect(marks[0]?.textContent).toBe('$3.20 MXN');
    // Only the fields asked for are marked.
    expect(doc.querySelector('td.name mark')).toBeNull();
    expect(found).toEqual(['price']);
  });

  it('wraps a void element from outside', () => {
    const { html, found } = highlightSnapshot(PAGE, { image: 'img.logo' }, ['image']);
    expect(parse(html).querySelector('mark[data-review-field="image"] > img.logo')).not.toBeNull();
    expect(found).toEqual(['image']);
  });

  it('skips a selector that is not CSS or matches nothing, and leaves the page as it was', () => {
    const { html, found } = highlightSnapshot(
      PAGE,
      { price: 'jsonld:offers[0].price', currency: 'span.currency' },
      ['price', 'currency', 'unit'],
    );
    expect(found).toEqual([]);
    expect(parse(html).querySelectorAll('mark').length).toBe(0);
    expect(parse(html).querySelector('td.price')?.textContent).toBe('$3.20 MXN');
  });
});
