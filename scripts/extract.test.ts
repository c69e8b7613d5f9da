import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CORPUS = join(ROOT, 'packages/extract/corpus/pages');

/** `npm run --silent extract -- …` as an operator runs it: a process, its stdout and exit code. */
function extract(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/extract.ts'), ...args],
      { cwd: ROOT, timeout: 60_000, maxBuffer: 20 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run extract', () => {
  it('prints the page kind and offers of one saved page, the main offer first', async () => {
    const url = 'https://www.primefilamentsupply.com/products/pla-pro-filament-1-75mm-1kg';
    const run = await extract(['--url', url, join(CORPUS, 'shopify-dawn-product-usd.html')]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      url: string;
      page_kind: string;
      offers: Record<string, unknown>[];
    };
    expect(out).toMatchObject({ url, page_kind: 'product' });
    expect(out.offers[0]).toMatchObject({
      price: '24.99',
      currency: 'USD',
      currency_evidence: { basis: 'structured_data' },
      quantity: 1,
      price_is_minimum: false,
    });
    for (const field of ['offer_name', 'unit', 'includes_tax', 'price_type', 'category', 'selectors'])
      expect(out.offers[0]).toHaveProperty(field);
  });

  it('reads a list of pages in order, one line each, with its time, and says why a page failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'preciofab-extract-'));
    writeFileSync(
      join(dir, 'bare.html'),
      '<html lang="es"><body><ul><li>Corte láser: $14.50 por minuto</li></ul></body></html>',
    );
    const list = [
      {
        url: 'https://www.herramientascnc.com.mx/fresa-plana-carburo-1-8-2-filos',
        file: join(CORPUS, 'custom-product-stock-digits-mx.html'),
      },
      { url: 'https://laser.example.com/precios', file: 'bare.html' },
      { url: 'https://x.example.com/', file: 'missing.html' },
    ];
    writeFileSync(join(dir, 'pages.jsonl'), `${list.map((l) => JSON.stringify(l)).join('\n')}\n\nnot json\n`);
    const run = await extract(['--jsonl', join(dir, 'pages.jsonl')]);
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({ url: list[0]!.url, page_kind: 'product' });
    expect((lines[0]!.offers as { price: string }[]).map((o) => o.price)).toEqual(['45']);
    expect(typeof lines[0]!.ms).toBe('number');
    // A bare $ on a .com page: reported, its currency undecided.
    expect(lines[1]!.offers).toMatchObject([
      { price: '14.5', currency: null, currency_evidence: { basis: 'none' } },
    ]);
    expect(lines[2]).toMatchObject({
      file: 'missing.html',
      offers: [],
      error: expect.stringMatching(/ENOENT/),
    });
    expect(lines[3]).toMatchObject({ offers: [], error: expect.any(String) });
    // The target's currency decides it.
    const set = await extract([
      '--url',
      'https://laser.example.com/precios',
      join(dir, 'bare.html'),
      '--currency',
      'MXN',
    ]);
    expect(JSON.parse(set.stdout)).toMatchObject({
      offers: [{ currency: 'MXN', currency_evidence: { basis: 'target' } }],
    });
  });

  it('refuses wrong arguments with a usage line and exit code 2', async () => {
    for (const args of [
      [],
      ['--url', 'https://x.example/'],
      ['--currency', 'pesos', '--jsonl', 'x'],
      ['--bogus'],
    ]) {
      const run = await extract(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.length).toBeGreaterThan(0);
    }
  });
});
