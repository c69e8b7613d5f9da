import { describe, expect, it } from 'vitest';
import { latamSignal } from './latam-signals.ts';

describe('latamSignal: the domain', () => {
  // Only the host speaks here (no text, no language): Mexico 0.5, the rest of Latin America 0.4,
  // read from the shared ccTLD table. `.co` alone is Colombia, as the server and the extractor read it.
  it.each([
    ['impresion3d.mx', 0.5],
    ['www.laser.com.mx', 0.5],
    ['tienda.co', 0.4],
    ['www.tienda.com.co', 0.4],
    ['fresado.com.ar', 0.4],
    ['corte.cl', 0.4],
    ['shop.co.uk', 0],
    ['startup.io', 0],
    ['example.com', 0],
  ])('%s → %d', (host, signal) => {
    expect(latamSignal('', host, null)).toBe(signal);
  });
});
