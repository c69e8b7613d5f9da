/**
 * A streaming scan of a sitemap for its `<loc>` entries: text goes in piece by piece, each entry
 * comes out as soon as its closing tag is read, and nothing else is kept. Parsing 20 MB of XML into
 * a tree (cheerio) took seconds and hundreds of MB; this keeps a few KB whatever the size.
 *
 * What it reads: the root must be `<urlset>` or `<sitemapindex>` (with or without a namespace
 * prefix); an entry is a `<loc>` directly inside a root-level `<url>` (urlset) or `<sitemap>`
 * (index), written with the root's prefix. So image:loc (inside image:image), video entries and
 * xhtml:link alternates are skipped. Comments, processing instructions and the DOCTYPE are skipped
 * (no entity a DOCTYPE declares is ever expanded); CDATA is read as text; the five XML entities and
 * numeric character references are decoded.
 */

export type SitemapKind = 'index' | 'urlset';

/** The document is not a sitemap, or is broken in a way a scan cannot get past. */
export class NotASitemapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotASitemapError';
  }
}

export type SitemapScanner = {
  /** Feeds the next piece of the document's text. Throws a NotASitemapError. */
  write(text: string): void;
  /** The document has ended. Throws a NotASitemapError when it never opened a sitemap root. */
  end(): void;
  /** Known once the root element has been read. */
  readonly kind: SitemapKind | null;
};

/** The longest tag, comment, CDATA section or declaration waited for across pieces. */
const MAX_MARKUP = 64 * 1024;
/** Text read before the root element: a sitemap opens with it at once. */
const MAX_PROLOGUE = 1024 * 1024;
/** A <loc> longer than this is no URL (the protocol's limit is 2,048 characters): skipped. */
const MAX_LOC_CHARS = 8 * 1024;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));/g;

export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex: string | undefined, dec: string | undefined, name?: string) => {
    if (name) return NAMED[name]!;
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Where markup starting at `lt` ends (the index after its `>`), or -1 when it is not all here. */
function markupEnd(s: string, lt: number): number {
  const rest = s.length - lt;
  for (const [open, close] of [
    ['<!--', '-->'],
    ['<![CDATA[', ']]>'],
    ['<?', '?>'],
  ] as const) {
    if (s.startsWith(open, lt)) {
      const at = s.indexOf(close, lt + open.length);
      return at < 0 ? -1 : at + close.length;
    }
    // "<!-" at the end of a piece may still become a comment.
    if (rest < open.length && open.startsWith(s.slice(lt))) return -1;
  }
  // A tag or a declaration: the first '>' outside quotes (and, in a DOCTYPE, outside its [...]).
  let quote = '';
  let brackets = 0;
  for (let i = lt + 1; i < s.length; i++) {
    const ch = s[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' && s[lt + 1] === '!') brackets++;
    else if (ch === ']' && brackets > 0) brackets--;
    else if (ch === '>' && brackets === 0) return i + 1;
  }
  return -1;
}

/** Calls `onLoc` with each entry's URL text (decoded, trimmed, never empty) in document order. */
export function createSitemapScanner(onLoc: (loc: string) => void): SitemapScanner {
  let pending = '';
  let kind: SitemapKind | null = null;
  let rootPrefix = '';
  let rootClosed = false;
  let depth = 0;
  let entryOpen = false;
  let prologue = 0;
  /** The entry being read: its text, or null when the current element is no entry. */
  let loc: string | null = null;
  let locDepth = -1;
  let locTooLong = false;

  const qualified = (local: string) => (rootPrefix ? `${rootPrefix}:${local}` : local);

  /** Text inside an entry: entities decoded, except in CDATA, which is taken as written. */
  const text = (s: string, from: number, to: number, cdata = false) => {
    if (loc === null || locTooLong || to <= from) return;
    const raw = s.slice(from, to);
    loc += cdata ? raw : decodeXmlEntities(raw);
    if (loc.length > MAX_LOC_CHARS) locTooLong = true;
  };

  const startTag = (tag: string) => {
    const name = /^<([^\s/>]+)/.exec(tag)?.[1] ?? '';
    const selfClosing = tag.endsWith('/>');
    if (rootClosed) return;
    if (kind === null) {
      const colon = name.indexOf(':');
      const local = colon < 0 ? name : name.slice(colon + 1);
      if (local === 'urlset') kind = 'urlset';
      else if (local === 'sitemapindex') kind = 'index';
      else throw new NotASitemapError('not a sitemap (no <urlset> or <sitemapindex>)');
      rootPrefix = colon < 0 ? '' : name.slice(0, colon);
      if (selfClosing) rootClosed = true;
      else depth = 1;
      return;
    }
    if (depth === 1) entryOpen = name === qualified(kind === 'urlset' ? 'url' : 'sitemap');
    if (depth === 2 && entryOpen && name === qualified('loc') && loc === null && !selfClosing) {
      loc = '';
      locDepth = depth;
      locTooLong = false;
    }
    if (!selfClosing) depth++;
  };

  const endTag = () => {
    if (rootClosed || kind === null || depth === 0) return;
    depth--;
    if (loc !== null && depth === locDepth) {
      const value = locTooLong ? '' : loc.trim();
      loc = null;
      if (value) onLoc(value);
    }
    if (depth === 1) entryOpen = false;
    if (depth === 0) rootClosed = true;
  };

  const scan = (final: boolean) => {
    const s = pending;
    let i = 0;
    while (i < s.length) {
      const lt = s.indexOf('<', i);
      const stop = lt < 0 ? s.length : lt;
      if (stop > i) {
        let upTo = stop;
        // An entity cut by the end of this piece waits for the next one.
        if (lt < 0 && !final && loc !== null) {
          const amp = s.lastIndexOf('&', stop - 1);
          if (amp >= i && amp > stop - 12 && !s.includes(';', amp)) upTo = amp;
        }
        if (kind === null) prologue += upTo - i;
        text(s, i, upTo);
        i = upTo;
        if (upTo < stop) break;
      }
      if (lt < 0) break;
      const end = markupEnd(s, lt);
      if (end < 0) {
        if (final) i = s.length;
        break;
      }
      if (s.startsWith('<![CDATA[', lt)) text(s, lt + 9, end - 3, true);
      else if (s[lt + 1] === '/') endTag();
      else if (s[lt + 1] !== '!' && s[lt + 1] !== '?') startTag(s.slice(lt, end));
      else if (kind === null) prologue += end - lt;
      i = end;
    }
    pending = s.slice(i);
    if (pending.length > MAX_MARKUP) {
      throw new NotASitemapError(`not a sitemap (a tag or comment longer than ${MAX_MARKUP / 1024} KB)`);
    }
    if (kind === null && prologue > MAX_PROLOGUE) {
      throw new NotASitemapError('not a sitemap (no <urlset> or <sitemapindex>)');
    }
  };

  return {
    write(piece) {
      if (rootClosed || !piece) return;
      pending += piece;
      scan(false);
    },
    end() {
      if (!rootClosed) scan(true);
      if (kind === null) throw new NotASitemapError('not a sitemap (no <urlset> or <sitemapindex>)');
    },
    get kind() {
      return kind;
    },
  };
}
