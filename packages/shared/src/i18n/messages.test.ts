import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './messages.en-US.json' with { type: 'json' };
import es from './messages.es-MX.json' with { type: 'json' };
import { negotiateLanguage, translate } from './messages.ts';

type Tree = { [k: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const esFlat = flatten(es);
const enFlat = flatten(en);

describe('shared messages catalogues', () => {
  it('have the same keys in Spanish and English', () => {
    expect(Object.keys(esFlat).sort()).toEqual(Object.keys(enFlat).sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(enFlat)) {
      expect(placeholders(esFlat[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('hold every message key the code refers to', () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const keys = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name === 'dist' || name === 'web') continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) {
          for (const m of readFileSync(path, 'utf8').matchAll(
            /'((?:validation|errors|activity|pipeline)\.[a-z_]+(?:\.[a-z_]+)?)'/g,
          )) {
            keys.add(m[1]!);
          }
          // Activity rows name their action without the prefix; the dashboard renders `activity.<action>`.
          for (const m of readFileSync(path, 'utf8').matchAll(/\baction: '([a-z]+_[a-z_]+)'/g))
            keys.add(`activity.${m[1]}`);
        }
      }
    };
    for (const top of ['apps', 'packages']) walk(join(root, top));
    expect(keys.size).toBeGreaterThan(50);
    const missing = [...keys].filter((k) => !(k in enFlat));
    expect(missing).toEqual([]);
  });

  it('translate with values, and fall back to Spanish', () => {
    expect(translate('en', 'activity.vendor_created', { name: 'Fab' })).toBe('Vendor Fab added');
    expect(translate('es', 'activity.vendor_created', { name: 'Fab' })).toBe('Proveedor Fab agregado');
    expect(negotiateLanguage(undefined)).toBe('es');
    expect(negotiateLanguage('en-US,en;q=0.9')).toBe('en');
    expect(negotiateLanguage('fr-FR, en;q=0.5, es;q=0.8')).toBe('es');
  });
});
