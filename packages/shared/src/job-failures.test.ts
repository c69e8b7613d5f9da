import { describe, expect, it } from 'vitest';
import { translate } from './i18n/messages.ts';
import {
  classifyFailureText,
  FAILURE_CODES,
  failureMessageValues,
  failureNote,
  failureReasonText,
  parseFailureNote,
  readFailure,
  storedFailure,
} from './job-failures.ts';

describe('job failures', () => {
  it('say every code in both languages, none in the other’s words', () => {
    for (const code of FAILURE_CODES) {
      const es = failureReasonText('es', { code, values: { seconds: 5, size: '1 MB' } });
      const en = failureReasonText('en', { code, values: { seconds: 5, size: '1 MB' } });
      expect(es, code).not.toBe(`failures.${code}`);
      expect(en, code).not.toBe(`failures.${code}`);
      expect(es, code).not.toBe(en);
      expect(`${es} ${en}`, code).not.toMatch(/\{\w+\}/);
    }
  });

  it('keep a failure as a note, and read an older text by its words with the text as its detail', () => {
    const failure = { code: 'time_budget' as const, values: { seconds: 2.5 }, detail: 'took 2500 ms' };
    expect(parseFailureNote(failureNote(failure))).toEqual(failure);
    expect(parseFailureNote('connect ECONNREFUSED')).toBeNull();
    expect(parseFailureNote('failure:{"code":"gremlins"}')).toBeNull();
    expect(readFailure('connect ECONNREFUSED 127.0.0.1:5432')).toEqual({
      code: 'database_unavailable',
      detail: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect(failureNote({ code: 'unknown', detail: 'x'.repeat(5000) }).length).toBeLessThan(2100);
  });

  it('classify technical texts', () => {
    const cases: Array<[string, string]> = [
      ['the worker stopped before the job finished', 'interrupted'],
      ['invalid parameters: colour', 'invalid_input'],
      ['ENOSPC: no space left on device, write', 'storage'],
      ['could not extend file "base/16384/2619": No space left on device', 'storage'],
      ['Reached heap limit Allocation failed - JavaScript heap out of memory', 'out_of_memory'],
      ['canceling statement due to statement timeout', 'timeout'],
      ['canceling statement due to user request', 'cancelled'],
      ['browserType.launch: Executable doesn’t exist at /x/chrome', 'browser_unavailable'],
      ['page.goto: Target page, context or browser has been closed', 'browser_unavailable'],
      ['Connection terminated unexpectedly', 'database_unavailable'],
      ['sorry, too many clients already', 'database_unavailable'],
      ['terminating connection due to administrator command', 'database_unavailable'],
      ['new row for relation "x" violates check constraint "y"', 'database_error'],
      ['the gremlins', 'unknown'],
    ];
    for (const [text, code] of cases) expect(classifyFailureText(text), text).toBe(code);
  });

  it('read a stored row: its code, or unknown for a free text from before the codes', () => {
    expect(storedFailure('storage', 'ENOSPC')).toEqual({ code: 'storage', detail: 'ENOSPC' });
    expect(storedFailure(null, 'boom')).toEqual({ code: 'unknown', detail: 'boom' });
    expect(storedFailure('gremlins', null)).toEqual({ code: 'unknown' });
    expect(storedFailure('size_budget', 'x', { size: '1 MB' })).toEqual({
      code: 'size_budget',
      values: { size: '1 MB' },
      detail: 'x',
    });
  });

  it('name the reason by key in a message, filled in the reader’s language', () => {
    const values = failureMessageValues({ code: 'time_budget', values: { seconds: 2.5 } });
    expect(values).toEqual({ seconds: 2.5, reason_key: 'failures.time_budget' });
    expect(translate('es', 'pipeline.report.failed', { name: 'Precios', ...values })).toBe(
      'Falló el reporte Precios: escribir el archivo tardó más que su límite de 2.5 s; un periodo más corto o filtros más precisos dan menos filas',
    );
    expect(
      translate('en', 'activity.crawl_failed', failureMessageValues({ code: 'cancelled' }, 'name')),
    ).toBe('Crawl run failed: it was cancelled');
    // An activity entry from before the codes names its text as it was.
    expect(translate('en', 'activity.crawl_failed', { name: 'socket hang up' })).toBe(
      'Crawl run failed: socket hang up',
    );
  });
});
