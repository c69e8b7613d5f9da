/** Elements that run code, load something, or change how the rest is read: none has a place in a
 * page shown as evidence. */
const DROPPED = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'link',
  'base',
  'meta[http-equiv]',
  // A <style>, renamed before parsing (renameInlineCode).
  'template[data-inert-style]',
].join(', ');

/** Attributes that make the browser fetch something as the page is shown. */
const LOADING = new Set(['src', 'srcset', 'poster', 'background', 'lowsrc', 'dynsrc', 'ping', 'data']);
/** Attributes a click follows: kept, unless they would run code. */
const FOLLOWED = new Set(['href', 'xlink:href', 'action', 'formaction']);
const CODE_URL = /^\s*(?:javascript|vbscript|data):/i;
const DATA_IMAGE = /^\s*data:image\//i;
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const RENAMED = 'data-inert-';

/**
 * A captured page made inert for the snapshot frame: no script, no event handler, no `javascript:`
 * link, nothing that loads (frames, stylesheets, images by URL, a `<base>` or a refresh), and no
 * style (the console's CSP, which a srcdoc frame inherits, would refuse each one and log it). The
 * frame's empty sandbox stays the guarantee; this keeps the browser from logging a blocked script
 * or a refused style for every one of them, while the text and structure read as captured.
 */
export function inertSnapshot(html: string): string {
  const doc = new DOMParser().parseFromString(renameInlineCode(html), 'text/html');
  clean(doc);
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}

function clean(root: ParentNode): void {
  for (const el of root.querySelectorAll(DROPPED)) el.remove();
  for (const el of root.querySelectorAll('*')) {
    // A <template> keeps its content apart from the tree (a declarative shadow root is shown).
    if (el instanceof HTMLTemplateElement) clean(el.content);
    for (const { name, value } of [...el.attributes]) {
      const n = name.toLowerCase();
      const external = !DATA_IMAGE.test(value) && !value.trim().startsWith('#');
      if (
        n.startsWith(RENAMED) ||
        (LOADING.has(n) && external) ||
        (FOLLOWED.has(n) && CODE_URL.test(value)) ||
        // An SVG <use> or <image> loads what it points at unless it is in the page.
        ((n === 'href' || n === 'xlink:href') && el.namespaceURI !== HTML_NS && external)
      ) {
        el.removeAttribute(name);
      }
    }
  }
}

/** Sticky patterns for the scan below: each reads one token at `lastIndex`, in linear time. */
const TAG_OPEN = /<(\/?)([a-zA-Z][^\s/>]*)/g;
const SEPARATORS = /[\s/]*/y;
const ATTR_NAME = /[^\s/>][^\s/>=]*/y;
const EQUALS = /\s*=\s*/y;
const UNQUOTED = /[^\s>]*/y;

/** The length of `pattern`'s match at `at` (0 when none). */
const span = (pattern: RegExp, text: string, at: number): number => {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex - at : 0;
};

/**
 * Chromium checks a style attribute, an inline event handler and a `<style>` element against the
 * page's CSP as it parses them, even into DOMParser's inert document, and logs each refusal. So,
 * before parsing, every tag's `on…` and `style` attributes get a `data-inert-` prefix and `<style>`
 * becomes a marked `<template>`: the parser then meets nothing to refuse, and `clean` removes them.
 * A scan of the tags (a quoted value may hold `>`), linear in the length of the page.
 */
export function renameInlineCode(html: string): string {
  const out: string[] = [];
  let from = 0;
  TAG_OPEN.lastIndex = 0;
  for (let tag = TAG_OPEN.exec(html); tag; tag = TAG_OPEN.exec(html)) {
    const [whole, closing, name] = tag;
    let at = tag.index + whole.length;
    if (name!.toLowerCase() === 'style') {
      out.push(html.slice(from, at - name!.length), closing ? 'template' : `template ${RENAMED}style`);
      from = at;
    }
    // The attributes, up to the end of the tag.
    for (;;) {
      at += span(SEPARATORS, html, at);
      const length = span(ATTR_NAME, html, at);
      if (!length) break;
      const start = html.slice(at, at + 2).toLowerCase();
      if (start === 'on' || (length === 5 && html.slice(at, at + 5).toLowerCase() === 'style')) {
        out.push(html.slice(from, at), RENAMED);
        from = at;
      }
      at += length;
      const equals = span(EQUALS, html, at);
      if (!equals) continue;
      at += equals;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const end = html.indexOf(quote, at + 1);
        at = end === -1 ? html.length : end + 1;
      } else {
        at += span(UNQUOTED, html, at);
      }
    }
    TAG_OPEN.lastIndex = at;
  }
  out.push(html.slice(from));
  return out.join('');
}
