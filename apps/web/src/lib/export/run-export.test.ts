import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogues } from '../../i18n/catalogue.ts';
import { lookupMessage } from '../../testing/catalogues.ts';
import { valueText } from '../../i18n/use-value-label.ts';
import {
  BENCHMARK_FIELDS,
  EXPORT_PRESETS,
  initialExportConfig,
  PRICE_FIELDS,
  VENDOR_FIELDS,
} from './field-sets.ts';
import { buildExportFile, exportColumns } from './run-export.ts';
import { exportFileName } from './file-name.ts';

const t = (key: string) => lookupMessage('es', key) ?? key;
const ctx = {
  t,
  locale: 'es-MX',
  title: 'Proveedores',
  fileBase: 'vendors',
  now: new Date('2026-11-22T07:00:00Z'),
};
const rows = [{ name: 'Norte', type: 'bureau', trust_score: 0.9, capabilities: ['fdm_printing'] }];

describe('buildExportFile', () => {
  // Exports run on signed-in screens: values are named from their texts.
  beforeAll(() => loadCatalogues('es', ['boot', 'signed-in']));

  it('names the file base-date.ext and types the blob per format', async () => {
    const config = initialExportConfig(VENDOR_FIELDS, EXPORT_PRESETS.vendors);
    const csv = await buildExportFile(config, VENDOR_FIELDS, rows, ctx);
    expect(csv.fileName).toBe('vendors-2026-11-22.csv');
    expect(csv.blob.type).toBe('text/csv;charset=utf-8');
    expect((await csv.blob.text()).split('\r\n')[0]).toContain('Nombre,Tipo,Ciudad');
    const json = await buildExportFile({ ...config, format: 'json' }, VENDOR_FIELDS, rows, ctx);
    expect(json.fileName).toBe('vendors-2026-11-22.json');
    expect(JSON.parse(await json.blob.text())[0]).toMatchObject({
      Nombre: 'Norte',
      'Puntaje de confianza': 0.9,
    });
    const xlsx = await buildExportFile({ ...config, format: 'excel' }, VENDOR_FIELDS, rows, ctx);
    expect(xlsx.fileName.endsWith('.xlsx')).toBe(true);
    expect(xlsx.blob.size).toBeGreaterThan(1000);
  });

  it('writes units, categories, types and capabilities in the reader’s words, in every format', async () => {
    const es = { ...ctx, valueLabel: valueText.bind(null, 'es') };
    const vendors = initialExportConfig(VENDOR_FIELDS, EXPORT_PRESETS.vendors);
    const vendorCsv = await (await buildExportFile(vendors, VENDOR_FIELDS, rows, es)).blob.text();
    expect(vendorCsv).toContain('Buró de servicios');
    expect(vendorCsv).toContain('Impresión FDM');
    expect(vendorCsv).not.toMatch(/bureau|fdm_printing/);

    const prices = [
      { vendor_name: 'Norte', unit: 'cm3', base_unit: 'piece', price_type: 'service_per_part' },
    ];
    const priceConfig = {
      ...initialExportConfig(PRICE_FIELDS, EXPORT_PRESETS.prices),
      format: 'json' as const,
      selectedFields: ['vendor_name', 'unit', 'base_unit', 'price_type'],
    };
    const json = JSON.parse(await (await buildExportFile(priceConfig, PRICE_FIELDS, prices, es)).blob.text());
    expect(Object.values(json[0])).toEqual(['Norte', 'cm³', 'pieza', 'servicio por pieza']);

    const benchmarks = [{ category: 'cnc_machining', subcategory: 'Milling', base_unit: 'hour' }];
    const benchConfig = {
      ...initialExportConfig(BENCHMARK_FIELDS, EXPORT_PRESETS.other),
      selectedFields: ['category', 'subcategory', 'base_unit'],
    };
    const benchCsv = await (await buildExportFile(benchConfig, BENCHMARK_FIELDS, benchmarks, es)).blob.text();
    expect(benchCsv.split('\r\n')[1]).toBe('Maquinado CNC,Fresado,hora');
  });

  it('refuses an export without fields (the dialog disables it too)', async () => {
    const config = { ...initialExportConfig(VENDOR_FIELDS, EXPORT_PRESETS.vendors), selectedFields: [] };
    await expect(buildExportFile(config, VENDOR_FIELDS, rows, ctx)).rejects.toThrow();
  });

  it('keeps the order of the field set and translates the labels', () => {
    expect(exportColumns(VENDOR_FIELDS, ['website', 'name'], t).map((c) => c.label)).toEqual([
      'Nombre',
      'Sitio web',
    ]);
  });

  it('cleans the base name', () => {
    expect(exportFileName(' precios / MX ', 'pdf', ctx.now)).toBe('precios-MX-2026-11-22.pdf');
    expect(exportFileName('', 'csv', ctx.now)).toBe('export-2026-11-22.csv');
  });
});
