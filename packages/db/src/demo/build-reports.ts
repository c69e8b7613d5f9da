import type { Rng } from './prng.ts';

export type DemoReport = {
  id: string;
  name: string;
  type: 'pricing' | 'vendor' | 'benchmark' | 'discovery';
  description: string;
  format: 'pdf' | 'csv' | 'xlsx';
  periodDays: 30 | 90 | 180 | 365;
  language: 'es' | 'en';
  parameters: Record<string, unknown>;
  schedule: string | null;
  createdAt: Date;
};

const DAY = 86_400_000;

/** Queued report definitions of every type and format; the report job renders the files later,
 * so size, rows and generation time stay empty here. */
export function buildReports(rng: Rng, now: Date): DemoReport[] {
  const defs: Omit<DemoReport, 'id' | 'createdAt'>[] = [
    {
      name: 'Precios de impresión 3D en CDMX',
      type: 'pricing',
      description: 'Precios observados de impresión 3D en la Ciudad de México, últimos 30 días.',
      format: 'pdf',
      periodDays: 30,
      language: 'es',
      parameters: { category: 'additive_manufacturing', region: 'CDMX' },
      schedule: '0 7 * * 1',
    },
    {
      name: 'Comparativo de tarifas CNC',
      type: 'pricing',
      description: 'Tarifas por hora y por pieza de maquinado CNC en México.',
      format: 'xlsx',
      periodDays: 90,
      language: 'es',
      parameters: { category: 'cnc_machining', region: 'Mexico' },
      schedule: null,
    },
    {
      name: 'Directorio de proveedores',
      type: 'vendor',
      description: 'Todos los proveedores con tipo, ciudad, capacidades y confiabilidad.',
      format: 'csv',
      periodDays: 365,
      language: 'es',
      parameters: {},
      schedule: null,
    },
    {
      name: 'Proveedores confiables',
      type: 'vendor',
      description: 'Proveedores con confiabilidad de 80 % o más.',
      format: 'pdf',
      periodDays: 180,
      language: 'es',
      parameters: { min_trust_score: 0.8 },
      schedule: '0 7 1 * *',
    },
    {
      name: 'Quarterly market benchmarks',
      type: 'benchmark',
      description: 'P10–P90 net USD prices per category and region, last 90 days.',
      format: 'xlsx',
      periodDays: 90,
      language: 'en',
      parameters: { region: 'Mexico' },
      schedule: null,
    },
    {
      name: 'Benchmarks anuales LATAM',
      type: 'benchmark',
      description: 'Percentiles de precio neto en USD para Latinoamérica, últimos 365 días.',
      format: 'pdf',
      periodDays: 365,
      language: 'es',
      parameters: { region: 'LATAM' },
      schedule: null,
    },
    {
      name: 'Candidatos descubiertos del mes',
      type: 'discovery',
      description: 'Candidatos pendientes de revisión con su confianza y categorías sugeridas.',
      format: 'csv',
      periodDays: 30,
      language: 'es',
      parameters: { status: 'pending' },
      schedule: '0 6 * * 1',
    },
  ];
  return defs.map((d) => ({
    id: rng.uuid(),
    createdAt: new Date(now.getTime() - rng.int(1, 20) * DAY - rng.int(0, 23) * 3_600_000),
    ...d,
  }));
}
