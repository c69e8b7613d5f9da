import type { Db } from '../client.ts';
import type { Step } from '../steps.ts';

export type VendorRow = {
  id: string;
  name: string;
  type: string;
  website: string | null;
  website_domain: string | null;
  location: string | null;
  city: string | null;
  state: string | null;
  country: string;
  country_code: string;
  region: string;
  capabilities: string[];
  contact_email: string | null;
  contact_phone: string | null;
  description: string | null;
  trust_score: string;
  price_count: number;
  created_at: Date;
  updated_at: Date;
};

export type VendorWrite = {
  name: string;
  type: string;
  website: string | null;
  website_domain: string | null;
  location: string | null;
  city: string | null;
  state: string | null;
  country: string;
  country_code: string;
  region: string;
  capabilities: string[];
  contact_email: string | null;
  contact_phone: string | null;
  description: string | null;
  trust_score: number;
};

const SELECT = `select v.id, v.name, v.type, v.website, v.website_domain, v.location, v.city, v.state, v.country,
  v.country_code, v.region, v.capabilities, v.contact_email, v.contact_phone, v.description, v.trust_score,
  v.price_count, v.created_at, v.updated_at
  from vendors v`;

/** Sort keys the list offers, mapped to fixed SQL: never SQL from a user string. */
const SORTS = {
  name: 'lower(v.name)',
  trust_score: 'v.trust_score',
  created_at: 'v.created_at',
  city: 'v.city',
} as const;

export type VendorListFilter = {
  search?: string | undefined;
  type?: string | undefined;
  sort: keyof typeof SORTS;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a crawl needs of a vendor to store its prices. */
export type VendorCrawlFacts = {
  id: string;
  trust_score: number;
  region: string;
  country_code: string;
  price_count: number;
};

export const vendorsRepository = {
  crawlFactsStep(ids: readonly string[]): Step<VendorCrawlFacts[]> {
    return {
      statement: {
        sql: 'select id, trust_score, region, country_code, price_count from vendors where id = any($1::uuid[])',
        params: [ids],
      },
      read: (r) => r.rows as VendorCrawlFacts[],
    };
  },

  async list(db: Db, f: VendorListFilter): Promise<{ rows: VendorRow[]; total: number }> {
    const where = `where ($1::text is null or v.name ilike $1 or v.city ilike $1 or v.website_domain ilike $1)
                     and ($2::text is null or v.type = $2)`;
    const params = [f.search ? `%${escapeLike(f.search)}%` : null, f.type ?? null];
    const order = `${SORTS[f.sort]} ${f.order === 'desc' ? 'desc' : 'asc'} nulls last, v.id`;
    const [rows, count] = await Promise.all([
      db.query<VendorRow>(`${SELECT} ${where} order by ${order} limit $3 offset $4`, [
        ...params,
        f.limit,
        f.offset,
      ]),
      db.query<{ n: number }>(`select count(*)::int as n from vendors v ${where}`, params),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  },
  async findById(db: Db, id: string): Promise<VendorRow | undefined> {
    return (await db.query<VendorRow>(`${SELECT} where v.id = $1`, [id])).rows[0];
  },
  async insert(db: Db, v: VendorWrite, createdBy: string | null): Promise<string> {
    const r = await db.query<{ id: string }>(
      `insert into vendors (name, type, website, website_domain, location, city, state, country, country_code, region,
         capabilities, contact_email, contact_phone, description, trust_score, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
      [
        v.name,
        v.type,
        v.website,
        v.website_domain,
        v.location,
        v.city,
        v.state,
        v.country,
        v.country_code,
        v.region,
        v.capabilities,
        v.contact_email,
        v.contact_phone,
        v.description,
        v.trust_score,
        createdBy,
      ],
    );
    return r.rows[0]!.id;
  },
  async update(db: Db, id: string, v: VendorWrite): Promise<boolean> {
    const r = await db.query(
      `update vendors set name = $2, type = $3, website = $4, website_domain = $5, location = $6, city = $7, state = $8,
         country = $9, country_code = $10, region = $11, capabilities = $12, contact_email = $13, contact_phone = $14,
         description = $15, trust_score = $16, updated_at = now()
       where id = $1`,
      [
        id,
        v.name,
        v.type,
        v.website,
        v.website_domain,
        v.location,
        v.city,
        v.state,
        v.country,
        v.country_code,
        v.region,
        v.capabilities,
        v.contact_email,
        v.contact_phone,
        v.description,
        v.trust_score,
      ],
    );
    return r.rowCount > 0;
  },
  async delete(db: Db, id: string): Promise<boolean> {
    return (await db.query('delete from vendors where id = $1', [id])).rowCount > 0;
  },
};
