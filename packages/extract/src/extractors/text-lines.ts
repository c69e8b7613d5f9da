import type { CheerioAPI } from 'cheerio';
import type { DomElement } from '../dom.ts';
import { collapseSpaces } from '../text-normalize.ts';

/** One visual line of a page: what a reader sees between two block boundaries. */
export type TextLine = {
  text: string;
  el: DomElement;
  /** 1–6 for h1–h6, 0 otherwise. */
  level: number;
  /** Looks like an item's title (a heading, a <dt>, a bold line, a "title"/"name" class). */
  titleLike: boolean;
};

const BLOCK = new Set(
  'address article aside blockquote caption dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main ol p pre section table tbody td tfoot th thead tr ul label'.split(
    ' ',
  ),
);
const TITLE_CLASS = /(^|[\s_-])(title|name|nombre|titulo|heading|product-name|card-title)([\s_-]|$)/i;

/** `table` gets each table and the number of lines before it; true when it read the table. */
type Visitor = { table: (el: DomElement, linesBefore: number) => boolean };

/** Splits a page into lines, in reading order. A table the visitor handles as a whole is skipped;
 * any other table yields one line per row, cells joined by " | " (a boundary for price traps). */
export function pageLines($: CheerioAPI, visitor: Visitor): TextLine[] {
  const lines: TextLine[] = [];
  let buffer = '';
  let owner: DomElement | null = null;
  let bold = '';
  const flush = () => {
    const text = collapseSpaces(buffer);
    if (text && owner) {
      const tag = owner.tagName;
      const level = /^h[1-6]$/.test(tag) ? Number(tag[1]) : 0;
      const cls = $(owner).attr('class') ?? '';
      const titleLike = level > 0 || tag === 'dt' || TITLE_CLASS.test(cls) || collapseSpaces(bold) === text;
      lines.push({ text, el: owner, level, titleLike });
    }
    buffer = '';
    bold = '';
    owner = null;
  };
  const walk = (node: DomElement, block: DomElement, inBold: boolean) => {
    for (const child of $(node).contents().toArray()) {
      if (child.type === 'text') {
        const data = (child as unknown as { data: string }).data;
        if (!owner && data.trim()) owner = block;
        buffer += data;
        if (inBold) bold += data;
        continue;
      }
      if (child.type !== 'tag') continue;
      const el = child as DomElement;
      const tag = el.tagName;
      if (tag === 'br') {
        flush();
        continue;
      }
      if (tag === 'table' && visitor.table(el, lines.length)) {
        flush();
        continue;
      }
      if (tag === 'td' || tag === 'th') {
        buffer += buffer.trim() ? ' | ' : '';
        if (!owner) owner = block;
        walk(el, block, inBold);
        continue;
      }
      const isBlock = BLOCK.has(tag);
      if (isBlock) flush();
      const titleClass = TITLE_CLASS.test($(el).attr('class') ?? '');
      walk(el, isBlock ? el : block, inBold || tag === 'strong' || tag === 'b' || titleClass);
      if (isBlock) flush();
    }
  };
  const body = $('body')[0] ?? $.root()[0];
  if (body) walk(body as DomElement, body as DomElement, false);
  flush();
  return lines;
}
