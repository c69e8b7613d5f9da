/**
 * Extracts saved pages from the command line, as the crawler would read them (docs/EXTRACTION.md):
 *
 *   npm run --silent extract -- --url URL FILE      one page: {"url","page_kind","offers":[…]}
 *   npm run --silent extract -- --jsonl LIST        lines {"url","file"} in, one line per page out:
 *                                                   {"url","file","page_kind","offers":[…],"ms","error"?}
 *
 * Options: --currency XXX (the target's currency), --category C (the target's category),
 * --budget-ms N (time per page, default 2000). Each page is read in the extraction thread, with
 * its time budget enforced there; `ms` is that page's extraction time, without start-up.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { decodeBody } from '@preciofab/fetch/charset';
import { ExtractionError } from '@preciofab/extract/deadline';
import type { ExtractedOffer } from '@preciofab/extract/offer';
import { createHtmlExtractor, type HtmlExtractor } from '@preciofab/extract/thread/extract-pool';

type Options = {
  url?: string;
  jsonl?: string;
  currency?: string;
  category?: string;
  budgetMs?: number;
  file?: string;
};

const USAGE =
  'usage: extract --url URL FILE | extract --jsonl LIST  [--currency XXX] [--category C] [--budget-ms N]';

export function parseArgs(argv: readonly string[]): Options {
  const options: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--url') options.url = value();
    else if (arg === '--jsonl') options.jsonl = value();
    else if (arg === '--currency') options.currency = value();
    else if (arg === '--category') options.category = value();
    else if (arg === '--budget-ms') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 600_000) throw new Error('--budget-ms must be 1 to 600000');
      options.budgetMs = n;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (options.file === undefined) options.file = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if (options.currency !== undefined && !/^[A-Z]{3}$/.test(options.currency))
    throw new Error('--currency must be an ISO 4217 code such as MXN');
  if (options.jsonl === undefined && (options.url === undefined || options.file === undefined))
    throw new Error(USAGE);
  return options;
}

/** An offer as the command prints it: what the crawler stores of it. */
export function printable(o: ExtractedOffer) {
  return {
    offer_name: o.offer_name,
    price: o.price,
    currency: o.currency,
    currency_evidence: o.currency_evidence,
    unit: o.unit,
    unit_size: o.unit_size,
    quantity: o.quantity,
    includes_tax: o.includes_tax,
    price_is_minimum: o.price_is_minimum,
    price_type: o.price_type,
    category: o.category,
    subcategory: o.subcategory,
    technology: o.technology,
    material: o.material,
    extractor: o.extractor,
    selectors: o.selectors,
    field_confidence: o.field_confidence,
  };
}

/** A saved page's text, in the charset its bytes declare (a BOM, a `<meta charset>`), else UTF-8. */
function readSaved(path: string): string {
  return decodeBody(readFileSync(path), null).text;
}

async function readOne(extractor: HtmlExtractor, options: Options, url: string, file: string) {
  const html = readSaved(file);
  const reading = await extractor.read(
    {
      html,
      url,
      currency: options.currency ?? null,
      categoryHint: options.category ?? null,
      budgetMs: options.budgetMs,
    },
    false,
  );
  return { page_kind: reading.page_kind, offers: reading.offers.map(printable), ms: reading.ms };
}

export async function main(argv: readonly string[], out: (line: string) => void): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const extractor = createHtmlExtractor({ budgetMs: options.budgetMs });
  try {
    if (options.jsonl === undefined) {
      const { page_kind, offers } = await readOne(extractor, options, options.url!, options.file!);
      out(JSON.stringify({ url: options.url, page_kind, offers }));
      return 0;
    }
    const base = dirname(resolve(options.jsonl));
    const lines = readFileSync(options.jsonl, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim());
    for (const line of lines) {
      let url = '';
      let file = '';
      try {
        const entry = JSON.parse(line) as { url?: unknown; file?: unknown };
        if (typeof entry.url !== 'string' || typeof entry.file !== 'string')
          throw new Error('each line needs "url" and "file" strings');
        url = entry.url;
        file = entry.file;
        const read = await readOne(extractor, options, url, resolve(base, file));
        out(JSON.stringify({ url, file, ...read }));
      } catch (error) {
        const reason =
          error instanceof ExtractionError ? `${error.code}: ${error.message}` : (error as Error).message;
        out(JSON.stringify({ url, file, page_kind: null, offers: [], ms: null, error: reason }));
      }
    }
    return 0;
  } finally {
    await extractor.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${resolve(process.argv[1])}`).href) {
  void main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then((code) => {
    process.exitCode = code;
  });
}
