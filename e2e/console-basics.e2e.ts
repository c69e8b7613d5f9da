/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../apps/web/src/testing/catalogues.ts';
import { apiLogin, prepareContext } from './support/auth.ts';
import { useBrowserSession, type BrowserSession } from './support/session.ts';

const es = MESSAGES.es;

describe('console basics: toasts, error screen, session expiry, debug pages', () => {
  let session: BrowserSession;
  useBrowserSession({ width: 1280, height: 900 }, (s) => (session = s), { demo: true });

  async function signedIn(): Promise<Page> {
    const token = await apiLogin(session.server.baseUrl);
    await prepareContext(session.page.context(), { token, language: 'es', theme: 'light', visited: true });
    return session.page;
  }
  const toasts = (page: Page) => page.getByTestId('toast');

  it('shows every toast type, suppresses duplicates, and dismisses by button, click and swipe', async () => {
    const page = await signedIn();
    await page.goto('/toaster-test');
    await page.getByRole('heading', { level: 1, name: es.debug.toaster.title }).waitFor();

    await page.getByTestId('toast-all-types').click();
    await expect.poll(() => toasts(page).count()).toBe(4);
    const types = await toasts(page).evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-type')),
    );
    expect(types.sort()).toEqual(['blank', 'custom', 'error', 'success']);
    expect(await page.getByRole('alert').filter({ hasText: es.debug.toaster.sample_error }).count()).toBe(1);

    // The same success and error again within their windows: suppressed; blank and custom are not.
    await page.getByTestId('toast-all-types').click();
    await expect.poll(() => toasts(page).count()).toBe(6);

    // Close button.
    const error = toasts(page).filter({ hasText: es.debug.toaster.sample_error });
    await error.getByRole('button').click();
    await expect.poll(() => error.count()).toBe(0);

    // A swipe of more than 50 px.
    const blank = toasts(page).filter({ hasText: es.debug.toaster.sample_blank }).first();
    const box = (await blank.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => toasts(page).filter({ hasText: es.debug.toaster.sample_blank }).count()).toBe(1);

    // The pointer rested on the toaster, which held every toast; leaving lets them go again. The
    // toasts may cover the page's buttons at this width, so reach Dismiss all by keyboard.
    await page.mouse.move(5, 5);
    // Loading becomes success in place.
    await page.getByTestId('toast-dismiss-all').press('Enter');
    await expect.poll(() => toasts(page).count()).toBe(0);
    await page.getByTestId('toast-loading').click();
    await toasts(page).filter({ hasText: es.debug.toaster.sample_loading }).waitFor();
    await toasts(page).filter({ hasText: es.debug.toaster.sample_loading_done }).waitFor({ timeout: 10_000 });
    expect(session.consoleWatch.cspViolations()).toEqual([]);
  });

  it('catches a render error on the error screen, logs it, and recovers with Try Again', async () => {
    const page = await signedIn();
    await page.goto('/debug');
    await page.getByTestId('debug-status').and(page.locator('[data-state="success"]')).waitFor();
    expect(Number(await page.getByTestId('debug-http-status').textContent())).toBe(200);
    expect(await page.getByTestId('debug-data').textContent()).toContain('total_vendors');

    await page.getByTestId('debug-crash').click();
    await page.getByTestId('error-screen').waitFor();
    await page.getByRole('heading', { name: es.error_screen.title }).waitFor();
    await page.getByText(es.error_screen.support.split('{email}')[0]!.trim()).waitFor();
    const log = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('preciofab.error_log') ?? '[]') as Array<{
          message: string;
          path: string;
        }>,
    );
    expect(log[0]).toMatchObject({ message: es.debug.api.crash_message, path: '/debug' });

    await page.getByRole('button', { name: es.error_screen.try_again }).click();
    await page.getByRole('heading', { level: 1, name: es.debug.api.title }).waitFor();
  });

  it('a rejected token leads to /login with the session-expired toast', async () => {
    const page = session.page;
    await prepareContext(page.context(), { token: 'not-a-valid-token', language: 'es', visited: true });
    await page.goto('/vendors');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: es.login.submit }).waitFor();
    await toasts(page).filter({ hasText: es.errors.session_expired }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('preciofab.auth_token'))).toBeNull();
  });

  it('/welcome-debug shows, resets and sets the visited flag with an event log', async () => {
    const page = await signedIn();
    await page.goto('/welcome-debug');
    const state = page.getByTestId('visited-state');
    await state.waitFor();
    expect(await state.getAttribute('data-visited')).toBe('true');
    await page.getByTestId('visited-reset').click();
    expect(await state.getAttribute('data-visited')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('preciofab.visited'))).toBeNull();
    await page.getByTestId('visited-mark').click();
    expect(await state.getAttribute('data-visited')).toBe('true');
    const events = await page.getByTestId('welcome-log').locator('li').allTextContents();
    expect(events.some((text) => text.includes(es.debug.welcome.event_reset))).toBe(true);
    expect(events.some((text) => text.includes(es.debug.welcome.event_marked))).toBe(true);
  });
});
