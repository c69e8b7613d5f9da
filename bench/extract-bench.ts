/**
 * npm run bench:extract — what extraction costs against one bare `cheerio.load` of the same page, on
 * every page of the corpus (packages/extract/corpus: real platforms' markup at real sizes), and how
 * right it reads them (the corpus scores). Both sides run in this one process, interleaved page by
 * page after a warm-up, so the ratio holds on a busy machine. Prints Markdown for docs/PERFORMANCE.md.
 *
 * Options: --rounds N (timed rounds per page, default 7).
 */
import { load } from 'cheerio';
import { extractPage } from '@preciofab/extract/extract-page';
import { readCorpus, readCorpusPage, scoreCorpus, type CorpusResult } from '@preciofab/extract/corpus-score';

const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Math.max(1, Number(process.argv[roundsAt + 1]) || 7) : 7;

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Mean time of `reps` calls in a row: one call of a few milliseconds is mostly timer and GC noise. */
function time(run: () => unknown, reps: number): number {
  const started = performance.now();
  for (let i = 0; i < reps; i++) run();
  return (performance.now() - started) / reps;
}

const entries = readCorpus();
const pages = entries.map((entry) => ({ entry, html: readCorpusPage(entry) }));

// Warm-up: both sides compile their code on every kind of page first.
for (const { entry, html } of pages) {
  load(html);
  extractPage({ html, url: entry.url, budgetMs: 60_000 });
}

type Row = { file: string; kb: number; parse: number; extract: number };
const rows: Row[] = [];
const results: CorpusResult[] = [];
for (const { entry, html } of pages) {
  const parse: number[] = [];
  const extract: number[] = [];
  let reading = extractPage({ html, url: entry.url, budgetMs: 60_000 });
  // Enough calls per round for about 100 ms of parsing.
  const reps = Math.max(
    1,
    Math.round(
      100 /
        Math.max(
          0.5,
          time(() => load(html), 1),
        ),
    ),
  );
  for (let round = 0; round < ROUNDS; round++) {
    parse.push(time(() => load(html), reps));
    extract.push(
      time(() => {
        reading = extractPage({ html, url: entry.url, budgetMs: 60_000 });
      }, reps),
    );
  }
  rows.push({
    file: entry.file,
    kb: Buffer.byteLength(html) / 1024,
    parse: median(parse),
    extract: median(extract),
  });
  results.push({ entry, page_kind: reading.page_kind, offers: reading.offers, ms: median(extract) });
}

const ratios = rows.map((r) => r.extract / r.parse);
const totalParse = rows.reduce((n, r) => n + r.parse, 0);
const totalExtract = rows.reduce((n, r) => n + r.extract, 0);
const kb = rows.map((r) => r.kb);
const score = scoreCorpus(results);
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

console.log(`## Extraction (npm run bench:extract, ${new Date().toISOString().slice(0, 10)})\n`);
console.log(
  `${rows.length} corpus pages, ${Math.round(Math.min(...kb))}–${Math.round(Math.max(...kb))} KB (median ${Math.round(median(kb))} KB); median of ${ROUNDS} rounds per page, each the mean of enough calls for about 100 ms of parsing, the two sides interleaved, after a warm-up.\n`,
);
console.log('| | Value |');
console.log('|---|---|');
console.log(`| Extraction ÷ bare \`cheerio.load\`, all pages | ${(totalExtract / totalParse).toFixed(2)}× |`);
console.log(
  `| Per page: median / p90 / worst | ${median(ratios).toFixed(2)}× / ${[...ratios].sort((a, b) => a - b)[Math.ceil(0.9 * ratios.length) - 1]!.toFixed(2)}× / ${Math.max(...ratios).toFixed(2)}× |`,
);
console.log(
  `| Extraction time per page: median / p90 / max | ${score.ms.median.toFixed(1)} / ${score.ms.p90.toFixed(1)} / ${score.ms.max.toFixed(1)} ms |`,
);
console.log(
  `| Main offer (product pages): price F1 | ${score.main.f1.toFixed(3)} (precision ${score.main.precision.toFixed(3)}, recall ${score.main.recall.toFixed(3)}) |`,
);
console.log(`| Currency right, of the right main prices | ${pct(score.currencyRight)} |`);
console.log(
  `| Offers per product page: median / p90 / max | ${score.productOffers.median} / ${score.productOffers.p90} / ${score.productOffers.max} |`,
);
console.log(
  `| List and tariff pages: recall / precision | ${pct(score.lists.recall)} / ${pct(score.lists.precision)} |`,
);
console.log(`| Page kind right | ${pct(score.kindRight)} |`);
console.log(`| Articles giving offers | ${score.articlesWithOffers.length} |`);
if (process.argv.includes('--pages')) {
  console.log('\n| Page | KB | cheerio.load ms | extraction ms | ratio |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.file} | ${r.kb.toFixed(0)} | ${r.parse.toFixed(1)} | ${r.extract.toFixed(1)} | ${(r.extract / r.parse).toFixed(2)} |`,
    );
}
const misses = [
  ...score.main.wrong,
  ...score.lists.missed.map((m) => `missed ${m}`),
  ...score.lists.extra.map((m) => `extra ${m}`),
  ...score.articlesWithOffers.map((m) => `article ${m}`),
];
if (misses.length) console.log(`\nWrong readings:\n${misses.map((m) => `- ${m}`).join('\n')}`);
