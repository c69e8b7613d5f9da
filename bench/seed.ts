import type { Db } from '@preciofab/db/client';

export const BENCH_VENDORS = 300;
const OFFERS_PER_VENDOR = 20;
/** Rows per insert statement: big enough to be fast, small enough for PGlite's WASM heap. */
const CHUNK = 100_000;

/** Offer templates: what the catalogue sells, with a plausible USD range per base unit. */
const TEMPLATES: [
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
  string,
  number,
  number,
][] = [
  ['Impresión FDM PLA', 'additive_manufacturing', 'FDM', 'fdm', 'pla', 'cm3', 'service_per_part', 0.05, 0.3],
  [
    'Impresión FDM PETG',
    'additive_manufacturing',
    'FDM',
    'fdm',
    'petg',
    'cm3',
    'service_per_part',
    0.06,
    0.35,
  ],
  ['Impresión FDM ABS', 'additive_manufacturing', 'FDM', 'fdm', 'abs', 'cm3', 'service_per_part', 0.06, 0.4],
  [
    'Impresión SLA resina',
    'additive_manufacturing',
    'SLA',
    'sla',
    'resin',
    'cm3',
    'service_per_part',
    0.2,
    1.2,
  ],
  ['Impresión SLS nylon', 'additive_manufacturing', 'SLS', 'sls', 'nylon', 'cm3', 'service_per_part', 0.4, 2],
  ['Impresión MJF', 'additive_manufacturing', 'MJF', 'mjf', 'nylon', 'cm3', 'service_per_part', 0.35, 1.8],
  [
    'Impresión metal DMLS',
    'additive_manufacturing',
    'DMLS',
    'dmls',
    'metal',
    'cm3',
    'service_per_part',
    2,
    9,
  ],
  ['Hora de impresora FDM', 'additive_manufacturing', 'FDM', 'fdm', null, 'hour', 'service_hourly', 2, 12],
  ['Fresado CNC aluminio', 'cnc_machining', 'Milling', 'cnc', 'metal', 'hour', 'service_hourly', 25, 90],
  ['Torneado CNC', 'cnc_machining', 'Turning', 'cnc', 'metal', 'hour', 'service_hourly', 20, 80],
  ['Pieza CNC acero', 'cnc_machining', 'Milling', 'cnc', 'metal', 'piece', 'service_per_part', 15, 300],
  ['Electroerosión EDM', 'cnc_machining', 'EDM', 'cnc', 'metal', 'hour', 'service_hourly', 40, 120],
  [
    'Corte láser acrílico',
    'laser_cutting',
    'CO2 Laser',
    'laser',
    'acrylic',
    'minute',
    'service_per_part',
    0.3,
    2,
  ],
  [
    'Corte láser madera',
    'laser_cutting',
    'CO2 Laser',
    'laser',
    'wood',
    'minute',
    'service_per_part',
    0.2,
    1.5,
  ],
  [
    'Corte láser fibra metal',
    'laser_cutting',
    'Fiber Laser',
    'laser',
    'metal',
    'm2',
    'service_per_part',
    20,
    150,
  ],
  ['Grabado láser pieza', 'laser_cutting', 'UV Laser', 'laser', null, 'piece', 'service_per_part', 1, 20],
  ['Filamento PLA 1 kg', 'materials', 'Filaments', null, 'pla', 'kg', 'purchase', 15, 35],
  ['Filamento PETG 1 kg', 'materials', 'Filaments', null, 'petg', 'kg', 'purchase', 18, 40],
  ['Resina estándar 1 L', 'materials', 'Resins', null, 'resin', 'liter', 'purchase', 25, 80],
  ['Lámina de acrílico', 'materials', 'Sheets', null, 'acrylic', 'm2', 'purchase', 20, 70],
  ['Polvo de nylon', 'materials', 'Powders', null, 'nylon', 'kg', 'purchase', 60, 150],
  ['Barra de aluminio', 'materials', 'Rods', null, 'metal', 'kg', 'purchase', 5, 20],
];

const lit = (v: string | number | null): string =>
  v === null ? 'null' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;

/** Seeds `rows` observations with SQL only (generate_series), so a million rows take a minute
 * rather than an hour of client round trips. Distributions: 300 vendors in four regions (35% CDMX,
 * 40% Mexico, 20% LATAM, 5% Global), 20 offers each over 22 templates of the four categories,
 * popular offers observed more often (random()^1.5), prices in MXN/USD/EUR by region, a tax state
 * per offer, observed_at uniform over the last 12 months, normalized columns and confidence
 * filled the way the server fills them. Rows are inserted oldest first, as crawls write them. */
export async function seedBench(db: Db, rows: number, onProgress: (done: number) => void): Promise<void> {
  await db.query('select setseed(0.42)');
  await db.exec(`
    create temporary table bench_templates (t_no int primary key, name text, category text, subcategory text,
      technology text, material text, unit text, price_type text, usd_low numeric, usd_high numeric);
    insert into bench_templates values ${TEMPLATES.map((t, i) => `(${[i + 1, ...t].map(lit).join(', ')})`).join(',\n')};

    insert into vendors (name, type, website, website_domain, city, state, country, country_code, region,
                         capabilities, trust_score)
    select 'Bench vendor ' || lpad(i::text, 4, '0'),
           (array['manufacturer','reseller','bureau','makerspace','freelancer','marketplace'])[1 + i % 6],
           'https://vendor' || i || '.bench.example', 'vendor' || i || '.bench.example',
           case when i % 20 < 7 then 'Ciudad de México' else 'Guadalajara' end, null,
           case when i % 20 < 15 then 'Mexico' else 'Colombia' end,
           case when i % 20 < 15 then 'MX' else 'CO' end,
           case when i % 20 < 7 then 'CDMX' when i % 20 < 15 then 'Mexico' when i % 20 < 19 then 'LATAM'
                else 'Global' end,
           '{}', round((0.3 + random() * 0.7)::numeric, 3)
      from generate_series(1, ${BENCH_VENDORS}) i;

    create temporary table bench_offers as
    select row_number() over (order by v.name, k)::int as offer_no, gen_random_uuid() as id, v.id as vendor_id,
           v.region, v.trust_score,
           case when v.region in ('CDMX', 'Mexico') then (case when k % 10 = 0 then 'USD' else 'MXN' end)
                when v.region = 'Global' and k % 2 = 0 then 'EUR' else 'USD' end as currency,
           (array['included','excluded','unknown'])[1 + (k * 7 + length(v.name)) % 3] as tax_state,
           t.*, round((0.7 + random() * 0.6)::numeric, 4) as vendor_factor
      from vendors v cross join generate_series(1, ${OFFERS_PER_VENDOR}) k
      join bench_templates t on t.t_no = 1 + (abs(hashtext(v.name)) + k * 5) % ${TEMPLATES.length};
    create unique index on bench_offers (offer_no);

    insert into offers (id, vendor_id, offer_key, name, category, unit, source_url, first_seen_at, last_seen_at)
    select id, vendor_id, lower(name) || '|' || unit || '|' || offer_no, name, category, unit,
           'https://offer' || offer_no || '.bench.example/p', now() - interval '365 days', now()
      from bench_offers;
  `);
  const offers = BENCH_VENDORS * OFFERS_PER_VENDOR;
  for (let done = 0; done < rows; done += CHUNK) {
    const n = Math.min(CHUNK, rows - done);
    await db.query(
      `insert into price_observations (offer_id, vendor_id, origin, offer_name, category, subcategory, technology,
         material, price_type, price, currency, unit, quantity, tax_state, includes_shipping, region, base_unit,
         unit_factor, fx_rate, fx_date, price_usd, price_net_usd, price_gross_usd, confidence_score, confidence_source,
         confidence_completeness, confidence_consistency, confidence_freshness, confidence_factors, volume_cm3,
         source_url, captured_at, observed_at, last_seen_at, created_at)
       select b.id, b.vendor_id, 'crawl', b.name, b.category, b.subcategory, b.technology, b.material, b.price_type,
              p.price, b.currency, b.unit, 1, b.tax_state, g.r3 < 0.2, b.region, b.unit, 1, p.fx, date '2000-01-01',
              round(p.price / p.fx, 6),
              round(p.price / p.fx / (case when b.tax_state = 'included' then 1.16 else 1 end), 6),
              round(p.price / p.fx * (case when b.tax_state = 'included' then 1 else 1.16 end), 6),
              round((0.35 * b.trust_score + 0.25 * 0.9 + 0.25 * g.r4 + 0.15 * (1 - g.age / 365))::numeric, 4),
              b.trust_score, 0.9, round(g.r4::numeric, 4), round((1 - g.age / 365)::numeric, 4),
              jsonb_build_object('vendor_observations', 100, 'required_fields', 6, 'present_fields', 6,
                                 'similar_observations', 40, 'age_days', floor(g.age)::int),
              case when b.unit = 'cm3' then round((5 + g.r3 * 200)::numeric, 4) end,
              'https://offer' || b.offer_no || '.bench.example/p',
              now() - make_interval(secs => g.age * 86400), now() - make_interval(secs => g.age * 86400),
              now() - make_interval(secs => g.age * 86400), now() - make_interval(secs => g.age * 86400)
         from (select 1 + floor(power(random(), 1.5) * ${offers})::int as offer_no, random() as r2,
                      random() as r3, random() as r4,
                      -- Oldest first with a little jitter: rows land in the table in the order crawls
                      -- write them, so a period is a contiguous stretch of the heap.
                      greatest(0, 365 * (1 - (i + $2::int)::float8 / $3::int) + random() * 0.05) as age
                 from generate_series(1, $1::int) i) g
         join bench_offers b on b.offer_no = g.offer_no
         cross join lateral (select (case b.currency when 'MXN' then 17.0 when 'EUR' then 0.92 else 1 end)::numeric as fx) f
         cross join lateral (select round(((b.usd_low + (b.usd_high - b.usd_low) * g.r2::numeric) * b.vendor_factor
                                           * f.fx), 2) + 0.01 as price, f.fx) p
        order by g.age desc`,
      [n, done, rows],
    );
    onProgress(done + n);
  }
  await db.exec('drop table bench_offers; drop table bench_templates;');
}

/** Some benchmark history, so the dashboard's group count and the benchmark list read a
 * realistic table: `calculations` past calculations of every group. */
export async function seedBenchmarkHistory(db: Db, calculations: number): Promise<void> {
  await db.query(
    `insert into benchmarks (calculation_id, category, subcategory, base_unit, region, time_window_days, price_p10,
       price_p25, price_p50, price_p75, price_p90, observation_count, vendor_count, calculated_at)
     select c.cid, g.category, g.subcategory, g.base_unit, r.region, w.days, 1, 2, 3, 4, 5, 10, 3,
            now() - make_interval(days => c.n)
       from (select distinct category, subcategory, base_unit from price_observations) g
       cross join unnest(array['CDMX','Mexico','LATAM','Global']) r(region)
       cross join unnest(array[7, 30, 90, 365]) w(days)
       cross join (select n, gen_random_uuid() as cid from generate_series(1, $1::int) n) c`,
    [calculations],
  );
}
