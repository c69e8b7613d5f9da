import { describe, expect, it } from 'vitest';
import { buildPreview, exportConfigReducer } from './export-config.ts';
import { EXPORT_PRESETS, initialExportConfig, PRICE_FIELDS } from './field-sets.ts';

const reduce = exportConfigReducer(PRICE_FIELDS);
const start = initialExportConfig(PRICE_FIELDS, EXPORT_PRESETS.prices);

describe('exportConfigReducer', () => {
  it('toggles a field, keeping the order of the field set', () => {
    const off = reduce(start, { type: 'toggle', key: 'vendor_name' });
    expect(off.selectedFields).not.toContain('vendor_name');
    const on = reduce(off, { type: 'toggle', key: 'vendor_name' });
    expect(on.selectedFields[0]).toBe('vendor_name');
    expect(reduce(start, { type: 'toggle', key: 'nope' }).selectedFields).toEqual(start.selectedFields);
  });

  it('selects all, clears all, resets to defaults and toggles a category', () => {
    expect(reduce(start, { type: 'selectAll' }).selectedFields).toHaveLength(14);
    const cleared = reduce(start, { type: 'clearAll' });
    expect(cleared.selectedFields).toEqual([]);
    expect(reduce(cleared, { type: 'reset' }).selectedFields).toEqual(start.selectedFields);
    const metadata = reduce(cleared, { type: 'toggleCategory', category: 'metadata', on: true });
    expect(metadata.selectedFields).toEqual(['confidence_score', 'observed_at', 'url']);
  });

  it('sets the format and its options', () => {
    const next = reduce(reduce(start, { type: 'format', format: 'json' }), {
      type: 'option',
      name: 'prettyPrint',
      value: false,
    });
    expect(next.format).toBe('json');
    expect(next.formatOptions.prettyPrint).toBe(false);
    expect(next.formatOptions.includeHeaders).toBe(true);
  });
});

describe('buildPreview', () => {
  it('shows at most 5 columns and 3 rows and counts the rest', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ vendor_name: `v${i}`, price: i }));
    const preview = buildPreview(PRICE_FIELDS, start.selectedFields, rows);
    expect(preview.columns.map((c) => c.key)).toEqual([
      'vendor_name',
      'offer_name',
      'price',
      'currency',
      'unit',
    ]);
    expect(preview.rows).toHaveLength(3);
    expect(preview.rows[2]?.[0]).toBe('v2');
    // The defaults: those five, USD per base unit, base unit, confidence and date.
    expect(preview.extraColumns).toBe(4);
    expect(preview.extraRows).toBe(7);
    expect(buildPreview(PRICE_FIELDS, ['price'], rows.slice(0, 2))).toMatchObject({
      extraColumns: 0,
      extraRows: 0,
    });
  });
});
