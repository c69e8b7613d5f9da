import { describe, expect, it } from 'vitest';
import { cataloguesReady, loadCatalogues, lookupMessage } from './catalogue.ts';

// One module state per test file: nothing is loaded when this file starts.
describe('texts load by need', () => {
  it('loads what is asked for, in the language asked for, and a switch brings every part asked so far', async () => {
    expect(lookupMessage('es', 'login.title')).toBeUndefined();
    expect(cataloguesReady('es')).toBe(false);

    await loadCatalogues('es', ['boot']);
    expect(lookupMessage('es', 'login.title')).toBe('Inicia sesión en PrecioFab');
    expect(lookupMessage('es', 'toasts.close')).toBe('Cerrar notificación');
    // Neither the signed-in screens' texts nor the other language's.
    expect(lookupMessage('es', 'dashboard.title')).toBeUndefined();
    expect(lookupMessage('es', 'prices.title')).toBeUndefined();
    expect(lookupMessage('en', 'login.title')).toBeUndefined();
    expect(cataloguesReady('es')).toBe(true);
    expect(cataloguesReady('en')).toBe(false);

    // The signed-in area opens: its texts, in the active language only.
    await loadCatalogues('es', ['signed-in']);
    expect(lookupMessage('es', 'prices.title')).toBeTruthy();
    expect(lookupMessage('en', 'prices.title')).toBeUndefined();

    // A switch to English loads both parts asked for so far.
    await loadCatalogues('en');
    expect(lookupMessage('en', 'login.title')).toBe('Sign in to PrecioFab');
    expect(lookupMessage('en', 'prices.title')).toBeTruthy();
    expect(cataloguesReady('en')).toBe(true);
  });
});
