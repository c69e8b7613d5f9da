/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: their DOM types come from this lib.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import serverEs from '../packages/shared/src/i18n/messages.es-MX.json';
import esCore from '../apps/web/src/i18n/es-MX.json';
import esExport from '../apps/web/src/i18n/namespaces/export.es-MX.json';
import enExport from '../apps/web/src/i18n/namespaces/export.en-US.json';
import esTools from '../apps/web/src/i18n/namespaces/vendor_tools.es-MX.json';
import { parseCsv } from '../packages/shared/src/csv-parse.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { DEMO_VENDORS } from './support/demo-counts.ts';

const DATE = /-\d{4}-\d{2}-\d{2}\./;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const text = await (await doc.getPage(i)).getTextContent();
    pages.push(text.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

describe('export dialog and vendor tools (demo database)', () => {
  let page: Page;
  let consoleWatch: BrowserSession['consoleWatch'];
  useBrowserSession({ width: 1280, height: 900 }, (session) => ({ page, consoleWatch } = session), {
    demo: true,
  });

  const rows = () => page.getByTestId('vendor-row');
  const exportDialog = () => page.getByRole('dialog', { name: esExport.title });
  const rowCount = (n: number) =>
    page.waitForFunction((n) => document.querySelectorAll('[data-testid="vendor-row"]').length === n, n);

  async function openVendors() {
    await page.goto('/login');
    await page.getByLabel(esCore.login.email).fill(ADMIN.email);
    await page.getByLabel(esCore.login.password).fill(ADMIN.password);
    await page.getByRole('button', { name: esCore.login.submit }).click();
    await page.getByRole('heading', { level: 1, name: esCore.dashboard.title }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: esCore.nav.vendors }).click();
    await page.getByRole('heading', { level: 1, name: esCore.vendors.title }).waitFor();
    await rowCount(DEMO_VENDORS);
  }

  /** Calls the API from the page with the signed-in token. */
  const apiGet = (path: string) =>
    page.evaluate(async (path) => {
      const token = localStorage.getItem('preciofab.auth_token');
      const res = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
      return (await res.json()) as { total: number };
    }, path);

  async function exportAs(
    format: 'csv' | 'excel' | 'json' | 'pdf',
  ): Promise<{ name: string; bytes: Buffer }> {
    await page.getByTestId('export-trigger').click();
    await exportDialog().waitFor();
    await exportDialog().locator(`input[name="export-format"][value="${format}"]`).check();
    const [download] = (await Promise.all([
      page.waitForEvent('download'),
      exportDialog().getByTestId('export-submit').click(),
    ])) as [Download, unknown];
    const path = await download.path();
    await exportDialog().waitFor({ state: 'detached' });
    // The trigger comes back from its "Exporting…" state.
    await page.getByTestId('export-trigger').and(page.locator(':not([disabled])')).waitFor();
    return { name: download.suggestedFilename(), bytes: await readFile(path) };
  }

  it('steps through the dialog on a phone and on a desktop, and exports each format', async () => {
    await openVendors();
    const trigger = page.getByTestId('export-trigger');
    expect(await trigger.textContent()).toContain(`(${DEMO_VENDORS})`);

    // 1280 px: the three cards at once, the preview (5 columns × 3 rows) and the size line.
    await trigger.click();
    await exportDialog().waitFor();
    for (const step of Object.values(esExport.steps)) {
      await exportDialog().getByRole('heading', { name: step }).waitFor();
    }
    expect(await exportDialog().getByRole('tab').count()).toBe(0);
    const preview = exportDialog().getByTestId('export-preview');
    expect(await preview.locator('tbody tr').count()).toBe(3);
    expect(await preview.locator('thead th').count()).toBe(6); // 5 columns and the "+n more" one
    // 8 default fields × the vendors × 50 bytes, in KB at 1024.
    expect(await exportDialog().getByTestId('export-size').textContent()).toContain(
      `${((8 * DEMO_VENDORS * 50) / 1024).toFixed(1)} KB`,
    );
    // Email and cloud are greyed out and disabled, marked coming soon.
    expect(await exportDialog().locator('input[value="email"]').isDisabled()).toBe(true);
    expect(await exportDialog().locator('input[value="cloud"]').isDisabled()).toBe(true);
    expect(await exportDialog().getByText(esExport.coming_soon).count()).toBe(2);
    // Clear all disables the export; Reset brings the defaults back; a section folds.
    await exportDialog().getByRole('button', { name: esExport.clear_all }).click();
    expect(await exportDialog().getByTestId('export-submit').isDisabled()).toBe(true);
    await exportDialog().getByText(esExport.no_fields).waitFor();
    await exportDialog().getByRole('button', { name: esExport.reset }).click();
    expect(await exportDialog().getByTestId('export-submit').isDisabled()).toBe(false);
    const general = exportDialog().getByRole('button', { name: new RegExp(esExport.categories.general) });
    await general.click();
    expect(await general.getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: '/tmp/export-dialog-1280.png' });
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    // Escape closes; so does a click on the backdrop.
    await page.keyboard.press('Escape');
    await exportDialog().waitFor({ state: 'detached' });
    await trigger.click();
    await exportDialog().waitFor();
    await page.mouse.click(5, 5);
    await exportDialog().waitFor({ state: 'detached' });

    // 375 px: tabs with Back, Next and "n / 3".
    await page.setViewportSize({ width: 375, height: 800 });
    await trigger.click();
    await exportDialog().waitFor();
    expect(await exportDialog().getByRole('tab').count()).toBe(3);
    const indicator = exportDialog().getByTestId('export-step');
    expect(await indicator.textContent()).toBe('1 / 3');
    expect(await exportDialog().getByRole('button', { name: esExport.back }).isDisabled()).toBe(true);
    await exportDialog().getByRole('button', { name: esExport.next }).click();
    expect(await indicator.textContent()).toBe('2 / 3');
    await exportDialog().getByText(esExport.format_label).waitFor();
    await exportDialog().getByRole('button', { name: esExport.back }).click();
    expect(await indicator.textContent()).toBe('1 / 3');
    await exportDialog().getByRole('button', { name: esExport.next }).click();
    await exportDialog().getByRole('button', { name: esExport.next }).click();
    expect(await indicator.textContent()).toBe('3 / 3');
    expect(
      await exportDialog().getByRole('tab', { name: esExport.steps.delivery }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.screenshot({ path: '/tmp/export-dialog-375.png' });
    await page.evaluate('document.documentElement.dataset.theme = "dark"');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await exportDialog().getByRole('button', { name: esExport.close }).click();
    await exportDialog().waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // CSV: BOM, header row of labels, one row per vendor.
    const csv = await exportAs('csv');
    expect(csv.name).toMatch(/^vendors-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const table = parseCsv(text);
    expect(table[0]).toEqual([
      'Nombre',
      'Tipo',
      'Ciudad',
      'País',
      'Puntaje de confianza',
      'Sitio web',
      'Capacidades',
      'Precios registrados',
    ]);
    expect(table).toHaveLength(DEMO_VENDORS + 1);
    expect(Number(table[1]![4])).toBeGreaterThanOrEqual(0);

    // XLSX: a real workbook with a bold header and numbers as numbers.
    const xlsx = await exportAs('excel');
    expect(xlsx.name).toMatch(DATE);
    expect(xlsx.name.endsWith('.xlsx')).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Nombre');
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.rowCount).toBe(DEMO_VENDORS + 1);
    expect(typeof ws.getRow(2).getCell(5).value).toBe('number');

    // JSON: labels as keys, pretty printed.
    const json = await exportAs('json');
    expect(json.name.endsWith('.json')).toBe(true);
    const records = JSON.parse(json.bytes.toString('utf8')) as Record<string, unknown>[];
    expect(records).toHaveLength(DEMO_VENDORS);
    expect(Object.keys(records[0]!)).toContain('Puntaje de confianza');
    expect(json.bytes.toString('utf8')).toContain('\n  {\n    "Nombre"');

    // PDF: a real file whose text has the title and the column labels.
    const pdf = await exportAs('pdf');
    expect(pdf.name.endsWith('.pdf')).toBe(true);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A header too wide for its column reads on two lines: words, not lines, are compared.
    const pdfWords = (await pdfText(new Uint8Array(pdf.bytes))).replace(/\s+/g, ' ');
    for (const label of ['Proveedores', 'Nombre', 'Ciudad', 'Puntaje de confianza']) {
      expect(pdfWords).toContain(label);
    }

    // A selection exports only the selected rows.
    await page.getByTestId('vendor-select').nth(0).check();
    await page.getByTestId('vendor-select').nth(1).check();
    expect(await trigger.textContent()).toContain(esTools.export.selected.replace('{count}', '2'));
    const selectedCsv = parseCsv((await exportAs('csv')).bytes.toString('utf8'));
    expect(selectedCsv).toHaveLength(3);

    // A failed export (the workbook library cannot load) is logged and the trigger comes back.
    // exceljs was loaded above: a fresh page load makes the import() fetch it again.
    await page.route('**/assets/exceljs*', (route) => route.abort());
    await page.reload();
    await rowCount(DEMO_VENDORS);
    await trigger.click();
    await exportDialog().locator('input[name="export-format"][value="excel"]').check();
    await exportDialog().getByTestId('export-submit').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="export-trigger"][disabled]'));
    await expect.poll(() => consoleWatch.errors.some((e) => e.startsWith('Export failed'))).toBe(true);
    await page.unroute('**/assets/exceljs*');
    const expected = (e: string) => e.startsWith('Export failed') || e.includes('ERR_FAILED');
    expect(consoleWatch.errors.filter((e) => !expected(e))).toEqual([]);
    consoleWatch.errors.length = 0;

    // Once in English: the dialog follows the language.
    await page.getByTestId('language-toggle').click();
    await trigger.click();
    await page
      .getByRole('dialog', { name: enExport.title })
      .getByRole('heading', { name: enExport.steps.fields })
      .waitFor();
    await page.keyboard.press('Escape');

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.errors).toEqual([]);
  });

  it('imports vendors from CSV, edits one, deletes one and starts a bulk crawl', async () => {
    await openVendors();
    const importDialog = () => page.getByRole('dialog', { name: esTools.import.title });

    // The limits are said before a file is chosen; a file over them is refused at once, with them.
    await page.getByTestId('import-vendors').click();
    await importDialog().waitFor();
    const limits = (text: string) => text.replace('{rows}', '1,000').replace('{size}', '2 MB');
    await importDialog().getByText(limits(esTools.import.help)).waitFor();
    const csvRows = (count: number, pad = '') =>
      Buffer.from(
        'name,capabilities,description\n' +
          Array.from({ length: count }, (_, i) => `Fila ${i},cnc_milling,${pad}\n`).join(''),
      );
    const refusedIn = async (buffer: Buffer, message: string) => {
      const started = Date.now();
      await importDialog()
        .getByTestId('import-file')
        .setInputFiles({ name: 'grande.csv', mimeType: 'text/csv', buffer });
      await importDialog().getByRole('alert').getByText(limits(message)).waitFor();
      return Date.now() - started;
    };
    // 3 MB of rows: refused from its size, unread.
    const tooLarge = await refusedIn(csvRows(12_000, 'x'.repeat(230)), esTools.import.too_large);
    // 1,001 short rows (about 20 kB): read in the worker, which stops one row past the cap.
    const tooMany = await refusedIn(csvRows(1001), esTools.import.too_many_rows);
    console.log(`import refused: too large in ${tooLarge} ms, too many rows in ${tooMany} ms`);
    expect(tooLarge).toBeLessThan(5_000);
    expect(tooMany).toBeLessThan(5_000);
    expect(await importDialog().getByTestId('import-submit').isDisabled()).toBe(true);

    // A file with one bad row: its errors show on its row, only the good row counts.
    await importDialog()
      .getByTestId('import-file')
      .setInputFiles({
        name: 'proveedores.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          '\uFEFFname;type;city;capabilities;contact_email\n' +
            'Importado Uno;makerspace;Puebla;fdm_printing|laser_cutting;uno@importado.mx\n' +
            ';bureau;León;;no es correo\n',
        ),
      });
    const bad = importDialog().locator('[data-testid="import-row"][data-invalid]');
    await bad.waitFor();
    const badText = await bad.textContent();
    expect(badText).toContain('3');
    expect(badText).toContain(serverEs.validation.vendor_name_required);
    expect(badText).toContain(serverEs.validation.email_invalid);
    expect(badText).toContain(serverEs.validation.capability_required);
    expect(await importDialog().getByTestId('import-submit').textContent()).toContain('1');
    await page.screenshot({ path: '/tmp/export-import-1280.png' });
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    // A good file imports, and its vendors appear in the list.
    await importDialog()
      .getByTestId('import-file')
      .setInputFiles({
        name: 'proveedores.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'name,type,website,city,country,capabilities,contact_phone,description\n' +
            'Importado Uno,makerspace,https://importado-uno.mx,Puebla,Mexico,fdm_printing|laser_cutting,,"Taller, con ""comillas"""\n' +
            'Importado Dos,freelancer,,Oaxaca,,cnc_milling;cnc_turning,+52 951 000 0000,\n',
        ),
      });
    await importDialog().getByTestId('import-summary').getByText(/^2 /).waitFor();
    await importDialog().getByTestId('import-submit').click();
    await importDialog().waitFor({ state: 'detached' });
    await rowCount(DEMO_VENDORS + 2);
    await page.getByTestId('vendor-search').fill('Importado');
    await rowCount(2);
    expect(await rows().allTextContents()).toEqual([
      expect.stringContaining('Importado Dos'),
      expect.stringContaining('Importado Uno'),
    ]);

    // Edit: prefilled, validated with the same rules, saved with PATCH.
    const editDialog = () => page.getByRole('dialog', { name: esTools.edit.title });
    await rows().nth(1).getByTestId('vendor-edit').click();
    await editDialog().waitFor();
    const name = editDialog().getByLabel(esCore.vendors.form.name);
    expect(await name.inputValue()).toBe('Importado Uno');
    expect(await editDialog().getByLabel(esCore.vendors.form.website).inputValue()).toBe(
      'https://importado-uno.mx',
    );
    await name.fill('');
    await editDialog().getByTestId('vendor-submit').click();
    await editDialog().getByText(serverEs.validation.vendor_name_required).waitFor();
    await name.fill('Importado Uno Editado');
    await editDialog().getByLabel(esCore.vendors.form.city).fill('Querétaro');
    await editDialog().getByTestId('vendor-submit').click();
    await editDialog().waitFor({ state: 'detached' });
    await rows().filter({ hasText: 'Importado Uno Editado' }).waitFor();
    expect(await rows().nth(1).textContent()).toContain('Querétaro, México');

    // Delete: the confirmation names the vendor.
    const deleteDialog = () => page.getByRole('dialog', { name: esTools.delete.title });
    await rows().nth(0).getByTestId('vendor-delete').click();
    await deleteDialog().getByText(esTools.delete.question.replace('{name}', 'Importado Dos')).waitFor();
    await deleteDialog().getByTestId('delete-vendor-confirm').click();
    await deleteDialog().waitFor({ state: 'detached' });
    await rowCount(1);
    expect(await rows().first().textContent()).toContain('Importado Uno Editado');

    // Bulk crawl: one vendor run per selected vendor.
    await page.getByTestId('vendor-search').fill('');
    await rowCount(DEMO_VENDORS + 1);
    const before = (await apiGet('/api/v1/crawl/runs?limit=1')).total;
    await page.getByTestId('vendor-select').nth(0).check();
    await page.getByTestId('vendor-select').nth(1).check();
    expect(await page.getByTestId('vendor-selected-count').textContent()).toContain('2');
    await page.getByTestId('vendor-bulk-crawl').click();
    // The selection clears once the runs are queued.
    await page
      .getByTestId('vendor-selected-count')
      .getByText(esTools.selected.replace('{count}', '0'))
      .waitFor();
    expect((await apiGet('/api/v1/crawl/runs?limit=1')).total).toBe(before + 2);

    // Select all on the page.
    await page.getByTestId('vendor-select-all').check();
    expect(await page.getByTestId('vendor-selected-count').textContent()).toContain(String(DEMO_VENDORS + 1));
    // The total badge is the shared Badge (neutral tone, reported to the lead).
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: '/tmp/export-vendors-375.png' });

    // A viewer reads and exports, and sees none of the writes.
    const created = await page.evaluate(async () => {
      const token = localStorage.getItem('preciofab.auth_token');
      const res = await fetch('/api/v1/users', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'lector@example.com',
          name: 'Lector',
          password: 'lector-pass-123',
          role: 'viewer',
        }),
      });
      return res.status;
    });
    expect(created).toBe(201);
    await page.evaluate('localStorage.clear()');
    await page.goto('/login');
    await page.getByLabel(esCore.login.email).fill('lector@example.com');
    await page.getByLabel(esCore.login.password).fill('lector-pass-123');
    await page.getByRole('button', { name: esCore.login.submit }).click();
    await page.getByRole('heading', { level: 1, name: esCore.dashboard.title }).waitFor();
    await page.goto('/vendors');
    await rowCount(DEMO_VENDORS + 1);
    await page.getByTestId('export-trigger').waitFor();
    for (const id of ['import-vendors', 'add-vendor', 'vendor-edit', 'vendor-delete', 'vendor-bulk-crawl']) {
      expect(await page.getByTestId(id).count(), id).toBe(0);
    }

    expect(consoleWatch.cspViolations()).toEqual([]);
    expect(consoleWatch.errors).toEqual([]);
  });
});
