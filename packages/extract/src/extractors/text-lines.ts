import type { CheerioAPI } from 'cheerio';
import type { Deadline } from '../deadline.ts';
import {
  INVISIBLE_TAGS,
  InlineText,
  isElement,
  isHidden,
  isOldPrice,
  isPriceBox,
  rawText,
  withoutBoundaries,
  type DomElement,
} from '../dom.ts';
import { isRelatedHeading, regionOf, startsContent, type Region } from '../page-regions.ts';
import { collapseSpaces } from '../text-normalize.ts';

/** One visual line of a page: what a reader sees between two block boundaries. */
export type TextLine = {
  /** With element boundaries marked (see dom.ts BOUNDARY). */
  text: string;
  el: DomElement;
  /** 1–6 for h1–h6, 0 otherwise. */
  level: number;
  /** Looks like an item's title (a heading, a <dt>, a bold line, a "title"/"name" class). */
  titleLike: boolean;
  region: Region;
};

/** A struck-out price the page shows, kept to tell a sale price from the regular one. */
export type OldPriceText = { text: string; region: Region };

export type PageLines = { lines: TextLine[]; oldPrices: OldPriceText[]; truncated: boolean };

const BLOCK = new Set(
  'address article aside blockquote caption dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main ol p pre section table tbody td tfoot th thead tr ul label form nav'.split(
    ' ',
  ),
);
const TITLE_CLASS = /(^|[\s_-])(title|name|nombre|titulo|heading|product-name|card-title)([\s_-]|$)/i;
const HEADING = /^h[1-6]$/;

/** Limits on what one page may make us read: past them the rest of the page is not examined. */
export const MAX_LINES = 20_000;
export const MAX_TEXT = 2_000_000;

/** `table` gets each table in the content, the number of lines before it and its region; true
 * when it read the table (its rows are then not lines). */
type Visitor = { table: (el: DomElement, linesBefore: number, region: Region) => boolean };

type Ctx = {
  el: DomElement;
  parent: Ctx | null;
  block: DomElement;
  bold: boolean;
  box: DomElement | null;
  region: Region;
  content: boolean;
};

type Step = { node: DomElement['children'][number]; parent: Ctx } | { exit: Ctx; block: boolean };

function elementChildren(el: DomElement): number {
  let n = 0;
  for (const c of el.children) if (isElement(c)) n += 1;
  return n;
}

/** Marks the section a "related products" heading introduces, so its cards are not this page's
 * offers: the heading's nearest ancestor holding more than the heading. */
function markRelatedSection(heading: Ctx): void {
  let target: DomElement = heading.el;
  while (isElement(target.parent) && elementChildren(target.parent) === 1) target = target.parent;
  const section = target.parent;
  if (!isElement(section) || /^(body|html|main)$/.test(section.tagName)) return;
  for (let c: Ctx | null = heading.parent; c; c = c.parent) {
    if (c.el === section) {
      if (c.region === 'main') c.region = 'related';
      return;
    }
  }
}

/** Splits a page into lines, in reading order, without recursion. A table the visitor handles as a
 * whole is skipped; any other table yields one line per row, cells joined by " | " (a boundary
 * for price traps). Hidden elements, scripts and old prices are not lines; old prices are kept
 * apart. */
export function pageLines($: CheerioAPI, visitor: Visitor, deadline: Deadline): PageLines {
  const lines: TextLine[] = [];
  const oldPrices: OldPriceText[] = [];
  const sink = new InlineText();
  let owner: DomElement | null = null;
  let ownerRegion: Region = 'main';
  let bold = '';
  let size = 0;
  let truncated = false;
  const flush = () => {
    const text = collapseSpaces(sink.text);
    if (text && owner) {
      const tag = owner.tagName;
      const level = HEADING.test(tag) ? Number(tag[1]) : 0;
      const cls = owner.attribs?.class ?? '';
      const plain = withoutBoundaries(text);
      const titleLike =
        level > 0 ||
        tag === 'dt' ||
        TITLE_CLASS.test(cls) ||
        withoutBoundaries(collapseSpaces(bold)) === plain;
      lines.push({ text, el: owner, level, titleLike, region: ownerRegion });
      size += text.length;
      if (lines.length >= MAX_LINES || size >= MAX_TEXT) truncated = true;
    }
    sink.reset();
    bold = '';
    owner = null;
  };

  const root = ($('body')[0] ?? $.root()[0]) as DomElement | undefined;
  if (!root) return { lines, oldPrices, truncated };
  const top: Ctx = {
    el: root,
    parent: null,
    block: root,
    bold: false,
    box: null,
    region: 'main',
    content: false,
  };
  const stack: Step[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push({ node: root.children[i]!, parent: top });
  while (stack.length > 0 && !truncated) {
    deadline.check();
    const step = stack.pop()!;
    if ('exit' in step) {
      if (step.block) {
        flush();
        sink.breakLine();
      }
      if (HEADING.test(step.exit.el.tagName) && isRelatedHeading(rawText(step.exit.el)))
        markRelatedSection(step.exit);
      continue;
    }
    const { node, parent } = step;
    if (node.type === 'text') {
      const data = (node as unknown as { data: string }).data;
      if (!owner && data.trim()) {
        owner = parent.block;
        ownerRegion = parent.region;
      }
      sink.add(data, isElement(node.parent) ? node.parent : parent.el, parent.box);
      if (parent.bold) bold += data;
      continue;
    }
    if (!isElement(node)) continue;
    const tag = node.tagName;
    if (INVISIBLE_TAGS.has(tag) || isHidden(node)) continue;
    if (isOldPrice(node)) {
      const text = collapseSpaces(rawText(node));
      if (text) oldPrices.push({ text, region: parent.region });
      continue;
    }
    if (tag === 'br') {
      flush();
      continue;
    }
    const content = parent.content || startsContent(node);
    const region = parent.region === 'main' ? (regionOf(node, parent.content) ?? 'main') : parent.region;
    if (tag === 'table' && visitor.table(node, lines.length, region)) {
      flush();
      continue;
    }
    const isBlock = BLOCK.has(tag) && tag !== 'td' && tag !== 'th';
    if (tag === 'td' || tag === 'th') {
      if (sink.text.trim()) sink.separator(' | ');
      if (!owner) {
        owner = parent.block;
        ownerRegion = region;
      }
    } else if (isBlock) flush();
    const ctx: Ctx = {
      el: node,
      parent,
      block: isBlock ? node : parent.block,
      bold: parent.bold || tag === 'strong' || tag === 'b' || TITLE_CLASS.test(node.attribs.class ?? ''),
      box: parent.box ?? (isPriceBox(node) ? node : null),
      region,
      content,
    };
    stack.push({ exit: ctx, block: isBlock });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, parent: ctx });
  }
  flush();
  return { lines, oldPrices, truncated };
}
