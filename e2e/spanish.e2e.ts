/// <reference lib="dom" />
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/testing/catalogues.ts';
import esShared from '../packages/shared/src/i18n/messages.es-MX.json';
import pricesEs from '../apps/web/src/i18n/namespaces/prices.es-MX.json';
import { DEMO_SITES } from '../apps/server/src/demo-web/demo-sites.ts';
import { apiLogin, prepareContext } from './support/auth.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import {
  hasEnglish,
  SNAKE_CASE,
  TECHNICAL_TOKENS,
  untranslated,
  visibleTexts,
} from './support/untranslated.ts';

/** Each walk drives several screens and dialogs on a busy shared machine. */
const WALK_TIMEOUT_MS = 240_000;

type Tree = { [key: string]: unknown };
const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : value && typeof value === 'object'
        ? leaves(value as Tree, `${prefix}${key}.`)
        : [],
  );

describe('the word list', () => {
  it('matches no text of the Spanish catalogues (no false alarm), and finds the English ones', () => {
    const spanish = [...leaves(CATALOGUES.es as Tree), ...leaves(esShared as Tree)].filter(([, text]) => {
      let rest = text.replace(/\{\w+\}/g, ' ');
      for (const token of TECHNICAL_TOKENS) rest = rest.split(token).join(' ');
      return hasEnglish(rest) || SNAKE_CASE.test(rest);
    });
    expect(spanish).toEqual([]);
    expect(
      untranslated(
        [
          'Milling',
          'por piece',
          'marca: false',
          'additive_manufacturing',
          'wood',
          'México',
          'Resina',
          'Láser',
        ],
        [],
      ),
    ).toEqual(['Milling', 'por piece', 'marca: false', 'additive_manufacturing', 'wood']);
    // A vendor's own words are not judged: 'Wood Works' is a name, 'Wood' alone is not.
    expect(untranslated(['Wood Works, Monterrey', 'Wood'], ['Wood Works'])).toEqual(['Wood']);
  });
});

describe('every screen in Spanish (demo database)', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  let userData: string[] = [];

  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  /** What people and vendors wrote (names, offers, descriptions, URLs): shown as written, in any
   * language, so it is taken out of the texts before they are judged. */
  async function loadUserData(): Promise<string[]> {
    type Page<T> = { data: T[] };
    const strings = (rows: object[], keys: string[]) =>
      rows.flatMap((row) =>
        keys.flatMap((key) => {
          const value = (row as Record<string, unknown>)[key];
          if (typeof value === 'string') return [value];
          if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
          if (value && typeof value === 'object')
            return Object.values(value).filter((v) => typeof v === 'string');
          return [];
        }),
      );
    const vendors = (await api<Page<object>>('/api/v1/vendors?limit=500')).data;
    const prices = (await api<Page<object>>('/api/v1/prices?limit=500')).data;
    const targets = (await api<Page<object>>('/api/v1/targets?limit=500')).data;
    const candidates = (await api<Page<object>>('/api/v1/discovery/candidates?status=pending&limit=200'))
      .data;
    const sources = await api<object[] | Page<object>>('/api/v1/discovery/sources');
    const reports = (await api<Page<object>>('/api/v1/reports?limit=500')).data;
    const users = await api<object[] | Page<object>>('/api/v1/users');
    const list = (value: object[] | Page<object>) => (Array.isArray(value) ? value : value.data);
    return [
      // Not the country: the vendor form's own default ('Mexico') is judged where it shows.
      ...strings(vendors, [
        'name',
        'city',
        'state',
        'website',
        'description',
        'contact_email',
        'contact_phone',
        'location',
      ]),
      ...strings(prices, ['vendor_name', 'offer_name', 'url']),
      ...strings(targets, ['url', 'domain', 'vendor_name']),
      ...strings(candidates, ['title', 'description', 'domain', 'url', 'city', 'state', 'price_url']),
      // What an operator typed: names, search words, URLs (not the region and language codes).
      ...list(sources).flatMap((source) => [
        ...strings([source], ['name']),
        ...strings(
          [(source as { config: object }).config],
          ['search_query', 'keywords', 'api_endpoint', 'directory_url', 'sitemap_url'],
        ),
      ]),
      ...strings(reports, ['name', 'description']),
      ...strings(list(users), ['name', 'email']),
      ...DEMO_SITES.map((site) => site.name),
    ];
  }

  beforeAll(async () => {
    server = await startServer({ demo: true });
    browser = await launchBrowser();
    token = await apiLogin(server.baseUrl);
    userData = await loadUserData();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A Spanish session and a list of what each look found. */
  async function session(options: { visited?: boolean } = {}) {
    const context: BrowserContext = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    await prepareContext(context, {
      token,
      language: 'es',
      theme: 'light',
      visited: options.visited ?? true,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    /** Judges what the page shows now. */
    const look = async (where: string) => {
      for (const text of untranslated(await visibleTexts(page), userData)) problems.push(`${where}: ${text}`);
    };
    return { context, page, problems, look };
  }

  async function open(page: Page, route: string) {
    await page.goto(route);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    await page
      .waitForFunction(
        () => document.querySelectorAll('.skeleton, [data-testid$="-skeleton"]').length === 0,
        null,
        {
          timeout: 15_000,
        },
      )
      .catch(() => undefined);
  }

  const dialog = (page: Page) => page.getByRole('dialog').last();
  async function closeDialog(page: Page) {
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
  }
  /** Looks at a dialog opened by `opener`, then closes it. */
  async function inDialog(
    page: Page,
    opener: Locator,
    where: string,
    look: (w: string) => Promise<void>,
    act?: () => Promise<void>,
  ) {
    await opener.click();
    await dialog(page).waitFor();
    await page.waitForTimeout(300);
    await look(where);
    if (act) await act();
    await closeDialog(page);
  }

  it(
    'dashboard, vendors (add, import, export), prices (add, evidence, views, export)',
    async () => {
      const { context, page, problems, look } = await session({ visited: false });
      try {
        await open(page, '/');
        await page.getByTestId('welcome-card').waitFor();
        await look('panel');
        await inDialog(page, page.getByTestId('run-crawl'), 'panel · ejecutar rastreo', look);

        await open(page, '/vendors');
        await page.getByTestId('vendor-row').first().waitFor();
        await look('proveedores');
        await inDialog(page, page.getByTestId('add-vendor'), 'proveedores · agregar', look);
        await inDialog(page, page.getByTestId('import-vendors'), 'proveedores · importar', look, async () => {
          await dialog(page)
            .getByTestId('import-file')
            .setInputFiles({
              name: 'proveedores.csv',
              mimeType: 'text/csv',
              buffer: Buffer.from(
                'name,type,city,capabilities\nTaller Uno,makerspace,León,fdm_printing\nTaller Dos,marketplace,Puebla,cnc_milling\nTaller Tres,manufacturer,,laser_cutting\n',
              ),
            });
          await dialog(page).getByTestId('import-row').nth(2).waitFor();
          await look('proveedores · importar · vista previa');
        });
        await inDialog(page, page.getByTestId('export-trigger').first(), 'proveedores · exportar', look);

        await open(page, '/prices');
        await page.getByTestId('price-row').first().waitFor();
        await look('precios');
        await inDialog(page, page.getByTestId('add-price'), 'precios · agregar', look, async () => {
          const category = dialog(page).getByLabel(pricesEs.form.category, { exact: true });
          for (const value of ['cnc_machining', 'laser_cutting', 'materials', 'additive_manufacturing']) {
            await category.selectOption(value);
            await look(`precios · agregar · ${value}`);
          }
        });
        await page.getByTestId('price-row').first().click();
        const evidence = page.getByTestId('evidence-modal');
        await evidence.waitFor();
        // The tabs come with the observation, after the modal itself: `all()` does not wait.
        await evidence.getByRole('tab').first().waitFor();
        const tabs = await evidence.getByRole('tab').all();
        expect(tabs.length).toBe(4);
        for (const tab of tabs) {
          await tab.click();
          await page.waitForTimeout(500);
          await look(`precios · evidencia · ${(await tab.textContent())?.trim()}`);
        }
        await closeDialog(page);
        for (const view of ['timeline', 'heatmap', 'scatter', 'table']) {
          await page.getByTestId(`view-${view}`).click();
          await page.waitForTimeout(800);
          await look(`precios · vista ${view}`);
        }
        await inDialog(page, page.getByTestId('export-trigger').first(), 'precios · exportar', look);
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'benchmarks by category, crawl targets, analytics',
    async () => {
      const { context, page, problems, look } = await session();
      try {
        await open(page, '/benchmarks');
        await page.getByTestId('benchmark-card').first().waitFor();
        const category = page.getByTestId('filter-category');
        for (const value of ['cnc_machining', 'laser_cutting', 'materials', 'additive_manufacturing']) {
          await category.selectOption(value);
          await page.waitForTimeout(300);
          await page
            .waitForFunction(
              () => document.querySelectorAll('[data-testid="benchmarks-skeleton"]').length === 0,
            )
            .catch(() => undefined);
          await look(`referencias · ${value}`);
        }
        await inDialog(page, page.getByTestId('open-calculate'), 'referencias · calcular', look);
        await inDialog(page, page.getByTestId('export-trigger').first(), 'referencias · exportar', look);

        await open(page, '/crawl-targets');
        await page.getByTestId('target-row').first().waitFor();
        await look('objetivos');
        await inDialog(page, page.getByTestId('add-target'), 'objetivos · agregar', look);

        await open(page, '/analytics');
        await look('analítica');
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'discovery (a failed source included), reports and their previews',
    async () => {
      const { context, page, problems, look } = await session();
      try {
        // A source whose directory's domain does not exist (.invalid never resolves): its run fails.
        const created = await api<{ id: string }>('/api/v1/discovery/sources', {
          method: 'POST',
          body: JSON.stringify({
            name: 'Directorio inexistente',
            type: 'directory',
            config: {
              directory_url: 'https://directorio.no-existe.invalid/fabricantes',
              keywords: ['corte'],
            },
            schedule: '',
            active: true,
          }),
        });
        await open(page, '/');
        await api(`/api/v1/discovery/run/${created.id}`, { method: 'POST' });
        // The pipeline panel tells the failure as it happens.
        await page.locator('[data-testid="pipeline-run"][data-status="failed"]').waitFor({ timeout: 60_000 });
        await look('panel · descubrimiento fallido');

        await open(page, '/discovery');
        await page.getByTestId('candidate-card').first().waitFor();
        await look('descubrimiento · candidatos');
        await inDialog(page, page.getByTestId('candidate-reject').first(), 'descubrimiento · rechazar', look);
        await page.getByTestId('tab-sources').click();
        // Its card says why the run failed.
        await page
          .locator('[data-testid="source-card"][data-status="failed"]')
          .filter({ hasText: 'Directorio inexistente' })
          .getByText(/^La última ejecución falló/)
          .waitFor({ timeout: 30_000 });
        await look('descubrimiento · fuentes');
        await inDialog(
          page,
          page.getByTestId('setup-source'),
          'descubrimiento · nueva fuente',
          look,
          async () => {
            const type = dialog(page).locator('select').first();
            for (const option of await type.locator('option').all()) {
              const value = await option.getAttribute('value');
              if (!value) continue;
              await type.selectOption(value);
              await look(`descubrimiento · nueva fuente · ${value}`);
            }
          },
        );

        await open(page, '/reports');
        // The demo's reports generate at start: wait until each has its file.
        await page
          .waitForFunction(
            () =>
              [...document.querySelectorAll('[data-testid="report-card"]')].every(
                (c) =>
                  c.getAttribute('data-status') !== 'queued' &&
                  c.getAttribute('data-status') !== 'generating',
              ),
            null,
            { timeout: 90_000 },
          )
          .catch(() => undefined);
        await page.reload();
        await page.getByTestId('report-card').first().waitFor();
        await look('reportes');
        const cards = page.getByTestId('report-card');
        let previewed = 0;
        for (let i = 0; i < (await cards.count()); i++) {
          const card = cards.nth(i);
          const preview = card.getByTestId('report-preview');
          if (!(await preview.isEnabled())) continue;
          const name = (await card.getByRole('heading').first().textContent())?.trim() ?? String(i);
          await preview.click();
          await page.getByTestId('report-preview-body').waitFor();
          await page
            .locator('[data-testid="report-preview-body"] table')
            .waitFor({ timeout: 10_000 })
            .catch(() => undefined);
          await look(`reportes · vista previa · ${name}`);
          await closeDialog(page);
          previewed++;
        }
        expect(previewed).toBeGreaterThan(3);
        await inDialog(page, page.getByTestId('create-report'), 'reportes · nuevo', look);
        await inDialog(page, page.getByTestId('export-trigger').first(), 'reportes · exportar', look);
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'settings, profile, the debug pages and a page that does not exist',
    async () => {
      const { context, page, problems, look } = await session();
      try {
        await open(page, '/settings');
        await page.getByTestId('fx-row').first().waitFor();
        await look('configuración');
        await inDialog(page, page.getByTestId('fx-history').first(), 'configuración · historial', look);
        await inDialog(page, page.getByTestId('add-user'), 'configuración · agregar usuario', look);

        await open(page, '/profile');
        await look('perfil');

        await open(page, '/debug');
        await look('depuración');
        await open(page, '/toaster-test');
        await page.getByTestId('toast-all-types').click();
        await page.getByTestId('toast').first().waitFor();
        await look('prueba de notificaciones');
        await open(page, '/welcome-debug');
        await page.getByTestId('visited-reset').click();
        await page.getByTestId('visited-mark').click();
        await look('aviso de bienvenida');
        await open(page, '/no-existe');
        await look('página inexistente');
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
