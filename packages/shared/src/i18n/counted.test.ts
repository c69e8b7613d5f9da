import { describe, expect, it } from 'vitest';
import en from './messages.en-US.json' with { type: 'json' };
import es from './messages.es-MX.json' with { type: 'json' };
import { countedKey, pluralForm, renderMessage } from './counted.ts';
import { translate } from './messages.ts';
import { pluralProblems } from './plural-audit.ts';

describe('counted texts', () => {
  const texts: Record<string, string> = {
    'g.found': '{name} found {count} vendors',
    'g.found_one': '{name} found 1 vendor',
    'g.started': 'Started: {targets} of {vendors}',
    'g.counts.targets': '{count} targets',
    'g.counts.targets_one': '1 target',
    'g.counts.vendors': '{count} vendors',
    'g.counts.vendors_one': '1 vendor',
    'g.plain': '{count} total, {rows} rows',
  };
  const lookup = (key: string) => texts[key];

  it('picks the _one form by the language rule, in both languages', () => {
    for (const locale of ['es-MX', 'en-US']) {
      expect(pluralForm(locale, 1)).toBe('one');
      for (const n of [0, 2, 1.5, 1_000_000]) expect(pluralForm(locale, n)).toBe('other');
    }
    expect(countedKey(lookup, 'g.found', { count: 1 }, 'es-MX')).toBe('g.found_one');
    expect(countedKey(lookup, 'g.found', { count: 2 }, 'es-MX')).toBe('g.found');
    // A text without a singular keeps its one form.
    expect(countedKey(lookup, 'g.plain', { count: 1 }, 'es-MX')).toBe('g.plain');
  });

  it('writes each counted noun in its own form, and other numbers for the locale', () => {
    expect(renderMessage(lookup, 'g.found', { name: 'Fab', count: 1 }, 'en-US')).toBe('Fab found 1 vendor');
    expect(renderMessage(lookup, 'g.found', { name: 'Fab', count: 1200 }, 'en-US')).toBe(
      'Fab found 1,200 vendors',
    );
    expect(renderMessage(lookup, 'g.started', { targets: 1, vendors: 3 }, 'en-US')).toBe(
      'Started: 1 target of 3 vendors',
    );
    expect(renderMessage(lookup, 'g.plain', { count: 6461, rows: 2 }, 'es-MX')).toBe('6,461 total, 2 rows');
    expect(renderMessage(lookup, 'g.missing', { count: 1 }, 'es-MX')).toBe('g.missing');
  });
});

describe('shared messages say counts in their plural form', () => {
  it('has the forms the rules ask for', () => {
    expect(
      pluralProblems(
        { es, en },
        {
          'validation.fx_usd_is_one': 'not a plural form: the message that USD is always 1',
          'reports.default_name.pricing': 'a report period is one of REPORT_PERIODS: 30 days or more',
          'reports.default_name.vendor': 'a report period is one of REPORT_PERIODS: 30 days or more',
          'reports.default_name.benchmark': 'a report period is one of REPORT_PERIODS: 30 days or more',
          'reports.default_name.discovery': 'a report period is one of REPORT_PERIODS: 30 days or more',
          'reports.pdf.period': 'a report period is one of REPORT_PERIODS: 30 days or more',
          'reports.pdf.truncated': 'written only when the rows are more than the PDF holds',
        },
      ),
    ).toEqual([]);
  });

  it('reads right for one and for many (the pipeline and the activity log)', () => {
    expect(translate('es', 'pipeline.crawl.started', { targets: 1, vendors: 1 })).toBe(
      'Rastreo iniciado: 1 objetivo de 1 proveedor por visitar',
    );
    expect(translate('es', 'pipeline.crawl.started', { targets: 12, vendors: 3 })).toBe(
      'Rastreo iniciado: 12 objetivos de 3 proveedores por visitar',
    );
    expect(translate('en', 'pipeline.crawl.started', { targets: 1, vendors: 2 })).toBe(
      'Crawl started: 1 target of 2 vendors to visit',
    );
    expect(translate('es', 'pipeline.crawl.completed', { targets: 3, pages: 1, observations: 1 })).toBe(
      'Rastreo completado: 3 objetivos, 1 página, 1 observación nueva',
    );
    expect(translate('es', 'pipeline.discovery.completed', { count: 1 })).toBe('1 candidato nuevo');
    expect(translate('es', 'pipeline.discovery.stopped_sitemaps', { count: 4, files: 1 })).toContain(
      'en su límite de 1 archivo y',
    );
    expect(translate('es', 'pipeline.report.completed', { name: 'Mayo', rows: 1 })).toBe(
      'Reporte Mayo listo: 1 fila',
    );
    expect(translate('es', 'activity.vendors_imported', { count: 1 })).toBe('1 proveedor importado');
    expect(translate('es', 'activity.vendors_imported', { count: 1500 })).toBe(
      '1,500 proveedores importados',
    );
    expect(translate('en', 'activity.crawl_completed', { count: 1 })).toBe(
      'Crawl run completed: 1 observation',
    );
  });
});
