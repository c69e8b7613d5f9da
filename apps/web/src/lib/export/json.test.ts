import { describe, expect, it } from 'vitest';
import { buildJson } from './json.ts';
import type { ExportColumn } from './types.ts';

const columns: ExportColumn[] = [
  { key: 'name', label: 'Name', dataType: 'string', category: 'general' },
  { key: 'trust_score', label: 'Trust score', dataType: 'number', category: 'metadata' },
  { key: 'updated_at', label: 'Updated at', dataType: 'date', category: 'metadata' },
];
const rows = [
  { name: 'Norte', trust_score: '0.85', updated_at: new Date(Date.UTC(2026, 10, 1)), extra: 'x' },
];

describe('buildJson', () => {
  it('keys each record by the field labels, numbers as numbers and dates as ISO', () => {
    const parsed = JSON.parse(buildJson(columns, rows, { prettyPrint: false }));
    expect(parsed).toEqual([
      { Name: 'Norte', 'Trust score': 0.85, 'Updated at': '2026-11-01T00:00:00.000Z' },
    ]);
  });

  it('indents by 2 with pretty print, and not without', () => {
    expect(buildJson(columns, rows, { prettyPrint: true })).toContain('\n  {\n    "Name": "Norte"');
    expect(buildJson(columns, rows, { prettyPrint: false })).not.toContain('\n');
  });
});
