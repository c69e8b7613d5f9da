import type { BrowserContext } from 'playwright-core';
import { ADMIN } from './server.ts';

/** Signs in through the API and returns the bearer token. */
export async function apiLogin(
  baseUrl: string,
  user: { email: string; password: string } = ADMIN,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Puts the session, language and theme in local storage before any page script runs, as a
 * returning user would have them. */
export async function prepareContext(
  context: BrowserContext,
  settings: { token?: string; language?: 'es' | 'en'; theme?: 'auto' | 'light' | 'dark'; visited?: boolean },
): Promise<void> {
  const entries: Array<[string, string]> = [];
  if (settings.token !== undefined) entries.push(['preciofab.auth_token', settings.token]);
  if (settings.language !== undefined) entries.push(['preciofab.language', settings.language]);
  if (settings.theme !== undefined) entries.push(['preciofab.theme', settings.theme]);
  if (settings.visited) entries.push(['preciofab.visited', 'true']);
  // A source string, not a function: tsx (used by the bench scripts) decorates functions with
  // helpers that do not exist in the page. Only on the console's own origin (not the first
  // about:blank), and once per tab: a later sign-out or language switch must not be undone by the
  // next navigation.
  await context.addInitScript({
    content: `(() => {
      if (location.protocol !== 'http:' || sessionStorage.getItem('e2e.prepared')) return;
      sessionStorage.setItem('e2e.prepared', '1');
      for (const [key, value] of ${JSON.stringify(entries)}) {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      }
    })();`,
  });
}
