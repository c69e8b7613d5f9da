import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findJsxLiterals } from '../testing/find-jsx-literals.ts';
import { TARGET_ERROR_CODES } from '@preciofab/shared/catalogue';
import { CATALOGUES } from '../testing/catalogues.ts';
import { BOOT_GROUPS } from './parts/groups.ts';
import { texts as bootEn } from './parts/boot.en-US.ts';
import { texts as bootEs } from './parts/boot.es-MX.ts';
import { texts as signedInEn } from './parts/signed-in.en-US.ts';
import { texts as signedInEs } from './parts/signed-in.es-MX.ts';

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [path, leaf] of leaves(value as Tree, `${prefix}${key}.`)) out.set(path, leaf);
    } else out.set(`${prefix}${key}`, value);
  }
  return out;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('language catalogues', () => {
  const es = leaves(CATALOGUES.es);
  const en = leaves(CATALOGUES.en);

  it('names every reason a crawl target can fail with (keys built at run time)', () => {
    for (const code of TARGET_ERROR_CODES) {
      expect(es.has(`crawl_targets.errors.${code}`), code).toBe(true);
      expect(en.has(`crawl_targets.errors.${code}`), code).toBe(true);
    }
  });

  it('es-MX and en-US have the same keys', () => {
    expect([...es.keys()].filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => !es.has(key))).toEqual([]);
  });

  it('every text is a non-empty string with the same placeholders in both languages', () => {
    for (const [key, text] of es) {
      expect(typeof text === 'string' && text.trim().length > 0, `es-MX ${key}`).toBe(true);
      expect(typeof en.get(key) === 'string' && String(en.get(key)).trim().length > 0, `en-US ${key}`).toBe(
        true,
      );
      expect(placeholders(en.get(key)), `placeholders of ${key}`).toEqual(placeholders(text));
    }
  });
});

describe('the parts the console loads by need (i18n/parts)', () => {
  const PARTS = { es: [bootEs, signedInEs], en: [bootEn, signedInEn] } as const;

  it.each(['es', 'en'] as const)(
    '%s: boot holds the groups shown before sign-in, signed-in every other, each once',
    (language) => {
      const [boot, signedIn] = PARTS[language];
      expect(Object.keys(boot).sort()).toEqual([...BOOT_GROUPS].sort());
      expect(Object.keys(signedIn).filter((group) => group in boot)).toEqual([]);
      expect({ ...boot, ...signedIn }).toEqual(CATALOGUES[language]);
    },
  );
});

describe('no literal text in components', () => {
  const srcDir = fileURLToPath(new URL('..', import.meta.url));
  const tsxFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return tsxFiles(path);
      // Component tests (*.test.tsx) and the test harness render fixtures, not screens.
      if (entry.name.endsWith('.test.tsx') || path.includes('/testing/')) return [];
      return entry.name.endsWith('.tsx') ? [path] : [];
    });

  it('finds literals, so a clean result means something', () => {
    const sample = `const A = () => (
      <p title="Hello" aria-label={'Close'} data-x="ok">
        Save changes {'Cancel'} {count} {\`Yes\`}
        <b>{t('ok')}</b> · {404}
      </p>
    );`;
    expect(findJsxLiterals(sample).map((literal) => literal.text)).toEqual([
      'Hello',
      'Close',
      'Save changes',
      'Cancel',
      'Yes',
    ]);
  });

  it('apps/web/src/**/*.tsx take every user-visible text from the catalogues', () => {
    const files = tsxFiles(srcDir);
    expect(files.length).toBeGreaterThan(0);
    const offences = files.flatMap((file) =>
      findJsxLiterals(readFileSync(file, 'utf8'), file).map(
        (literal) => `${relative(srcDir, file)}:${literal.line} ${JSON.stringify(literal.text)}`,
      ),
    );
    expect(offences).toEqual([]);
  });
});
