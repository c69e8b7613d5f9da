import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '@preciofab/shared/report-fields';
import { reportFileName, writeReportFile } from './report-file.ts';

describe('report files', () => {
  it('names a file by report name and date, keeping accents and dropping unsafe characters', () => {
    const at = new Date('2025-05-01T23:00:00Z');
    expect(reportFileName('Precios: CDMX/Querétaro', 'xlsx', at)).toBe(
      'Precios CDMX Querétaro-2025-05-01.xlsx',
    );
    expect(reportFileName('a\tb\u0001c', 'csv', at)).toBe('a b c-2025-05-01.csv');
    expect(reportFileName('***', 'pdf', at)).toBe('report-2025-05-01.pdf');
  });

  it('writes headers in the report’s language with the format’s content type', async () => {
    const base = {
      name: 'Vendors',
      type: 'vendor' as const,
      periodDays: 30,
      from: new Date('2025-04-01T00:00:00Z'),
      to: new Date('2025-05-01T00:00:00Z'),
      data: { columns: REPORT_COLUMNS.vendor, rows: [] },
    };
    const es = await writeReportFile({ ...base, format: 'csv', lang: 'es' });
    expect(es.contentType).toBe('text/csv; charset=utf-8');
    expect(es.content.toString('utf8')).toBe(
      '\uFEFFProveedor,Tipo,Ciudad,Región,Confiabilidad,Precios,Mediana USD neto\r\n',
    );
    const en = await writeReportFile({ ...base, format: 'csv', lang: 'en' });
    expect(en.content.toString('utf8')).toContain(
      'Vendor,Type,City,Region,Reliability,Prices,Median net USD',
    );
    expect((await writeReportFile({ ...base, format: 'pdf', lang: 'en' })).contentType).toBe(
      'application/pdf',
    );
    expect(en.fileName).toBe('Vendors-2025-05-01.csv');
  });
});
