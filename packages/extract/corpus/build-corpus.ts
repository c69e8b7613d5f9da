/**
 * Regenerates the extractor corpus: packages/extract/corpus/pages/*.html and manifest.json.
 * Deterministic (seeded PRNG per page). Run: npx tsx packages/extract/corpus/build-corpus.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Entry, PageDef } from './gen/types.ts';
import { shopifyPages } from './gen/pages-shopify.ts';
import { wooPages } from './gen/pages-woo.ts';
import { vtexPages } from './gen/pages-vtex.ts';
import { tnMeliPages } from './gen/pages-tn-meli.ts';
import { morePages } from './gen/pages-more.ts';
import { customPages } from './gen/pages-custom.ts';

const here = dirname(fileURLToPath(import.meta.url));
const pagesDir = join(here, 'pages');

const builders: (() => PageDef)[] = [
  ...shopifyPages(),
  ...wooPages(),
  ...vtexPages(),
  ...tnMeliPages(),
  ...morePages(),
  ...customPages(),
];

function check(def: PageDef): string[] {
  const errs: string[] = [];
  const { entry, html, mustContain } = def;
  for (const s of mustContain) if (!html.includes(s)) errs.push(`missing ${JSON.stringify(s)}`);
  for (const bad of [/[>\s"':]undefined[<\s"',]/, /[^A-Za-z]NaN[^A-Za-z]/, /\[object Object\]/]) {
    const m = bad.exec(html);
    if (m) errs.push(`contains ${bad}: …${html.slice(Math.max(0, m.index - 80), m.index + 40)}…`);
  }
  const prices = [...(entry.main ? [entry.main] : []), ...entry.offers];
  for (const m of prices) {
    if (!/^\d+(\.\d+)?$/.test(m.price)) errs.push(`bad price ${m.price}`);
    if (m.currency !== null && !/^[A-Z]{3}$/.test(m.currency)) errs.push(`bad currency ${m.currency}`);
  }
  if (entry.page_kind === 'product' && !entry.main) errs.push('product page without main');
  if (entry.page_kind !== 'product' && entry.main) errs.push('non-product page with main');
  if (entry.page_kind === 'article' && entry.offers.length) errs.push('article with offers');
  if (
    entry.page_kind === 'product' &&
    entry.main &&
    !entry.offers.some((o) => o.price === entry.main?.price && o.currency === entry.main?.currency)
  )
    errs.push('main not among offers');
  if (entry.max_offers < entry.offers.length) errs.push('max_offers below offers');
  return errs;
}

mkdirSync(pagesDir, { recursive: true });
for (const f of readdirSync(pagesDir)) if (f.endsWith('.html')) rmSync(join(pagesDir, f));

const manifest: Entry[] = [];
let failed = false;
for (const build of builders) {
  const def = build();
  const errs = check(def);
  if (errs.length) {
    failed = true;
    console.error(`${def.entry.file}:\n  ${errs.join('\n  ')}`);
  }
  if (manifest.some((e) => e.file === def.entry.file)) throw new Error(`duplicate ${def.entry.file}`);
  writeFileSync(join(pagesDir, def.entry.file), def.html);
  manifest.push(def.entry);
  console.log(
    `${def.entry.file.padEnd(52)} ${(Buffer.byteLength(def.html) / 1024).toFixed(0).padStart(6)} KB`,
  );
}
writeFileSync(join(here, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`${manifest.length} pages`);
if (failed) process.exit(1);
