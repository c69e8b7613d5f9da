import type { Db } from '../client.ts';

export type CandidateStatus = 'pending' | 'approved' | 'rejected' | 'not_relevant';

export type DiscoveryCandidateRow = {
  id: string;
  source_id: string | null;
  source_name: string | null;
  title: string | null;
  domain: string;
  url: string;
  description: string | null;
  confidence_score: string;
  category_suggestions: string[];
  vendor_type: string | null;
  city: string | null;
  state: string | null;
  capabilities: string[];
  price_url: string | null;
  status: CandidateStatus;
  decision_reason: string | null;
  approved_category: string | null;
  vendor_id: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  discovered_at: Date;
};

export type CandidateWrite = {
  domain: string;
  url: string;
  title: string | null;
  description: string | null;
  confidence_score: number;
  category_suggestions: string[];
  vendor_type?: string | null;
  city?: string | null;
  state?: string | null;
  capabilities?: string[];
  price_url?: string | null;
};

export type CandidateDecision = {
  status: Exclude<CandidateStatus, 'pending'>;
  reason: string | null;
  approvedCategory: string | null;
  vendorId: string | null;
  decidedBy: string;
};

const SELECT = `select c.id, c.source_id, s.name as source_name, c.title, c.domain, c.url, c.description,
  c.confidence_score, c.category_suggestions, c.vendor_type, c.city, c.state, c.capabilities, c.price_url, c.status, c.decision_reason, c.approved_category, c.vendor_id,
  c.decided_by, c.decided_at, c.discovered_at
  from discovery_candidates c left join discovery_sources s on s.id = c.source_id`;

export const discoveryCandidatesRepository = {
  async list(
    db: Db,
    f: { status: CandidateStatus; limit: number; offset: number },
  ): Promise<{ rows: DiscoveryCandidateRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      db.query<DiscoveryCandidateRow>(
        `${SELECT} where c.status = $1
         order by c.confidence_score desc, c.discovered_at desc, c.id limit $2 offset $3`,
        [f.status, f.limit, f.offset],
      ),
      db.query<{ n: number }>('select count(*)::int as n from discovery_candidates where status = $1', [
        f.status,
      ]),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  },
  async findById(db: Db, id: string): Promise<DiscoveryCandidateRow | undefined> {
    return (await db.query<DiscoveryCandidateRow>(`${SELECT} where c.id = $1`, [id])).rows[0];
  },
  /** Locks the candidate for the rest of the transaction, so two decisions cannot both pass. */
  async lockById(db: Db, id: string): Promise<DiscoveryCandidateRow | undefined> {
    return (await db.query<DiscoveryCandidateRow>(`${SELECT} where c.id = $1 for update of c`, [id])).rows[0];
  },
  /** Inserts a candidate unless its domain is already a vendor's, a candidate's, or excluded.
   * Returns whether it was inserted. */
  async insertIfNew(db: Db, sourceId: string, c: CandidateWrite): Promise<boolean> {
    const r = await db.query(
      `insert into discovery_candidates (source_id, domain, url, title, description, confidence_score,
         category_suggestions, vendor_type, city, state, capabilities, price_url)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
        where not exists (select 1 from vendors where website_domain = $2)
          and not exists (select 1 from excluded_domains where domain = $2)
       on conflict (domain) do nothing`,
      [
        sourceId,
        c.domain,
        c.url,
        c.title,
        c.description,
        c.confidence_score,
        c.category_suggestions,
        c.vendor_type ?? null,
        c.city ?? null,
        c.state ?? null,
        c.capabilities ?? [],
        c.price_url ?? null,
      ],
    );
    return r.rowCount > 0;
  },
  async decide(db: Db, id: string, d: CandidateDecision): Promise<void> {
    await db.query(
      `update discovery_candidates set status = $2, decision_reason = $3, approved_category = $4, vendor_id = $5,
         decided_by = $6, decided_at = now()
       where id = $1`,
      [id, d.status, d.reason, d.approvedCategory, d.vendorId, d.decidedBy],
    );
  },
  async findVendorIdByDomain(db: Db, domain: string): Promise<string | undefined> {
    const r = await db.query<{ id: string }>('select id from vendors where website_domain = $1', [domain]);
    return r.rows[0]?.id;
  },
  /** Keeps a domain out of every future run (the "not relevant" outcome). */
  async excludeDomain(db: Db, domain: string, reason: string | null, by: string | null): Promise<void> {
    await db.query(
      `insert into excluded_domains (domain, reason, created_by) values ($1, $2, $3)
       on conflict (domain) do nothing`,
      [domain, reason, by],
    );
  },
  /** Everything a run must not propose again, read once per run: earlier candidates' and excluded
   * domains, vendors' stored domains, and vendors' websites (the caller derives their domain the
   * way discovery does, so a vendor on 127.0.0.1:port is told apart from one on another port). */
  async knownSites(db: Db): Promise<{ domains: string[]; websites: string[] }> {
    const r = await db.query<{ domain: string | null; website: string | null }>(
      `select domain, null as website from discovery_candidates
       union all select domain, null from excluded_domains
       union all select website_domain, website from vendors
        where website_domain is not null or website is not null`,
    );
    return {
      domains: r.rows.flatMap((x) => (x.domain ? [x.domain] : [])),
      websites: r.rows.flatMap((x) => (x.website ? [x.website] : [])),
    };
  },
  /** Whether some vendor already has a crawl target at this exact URL (URLs are unique). */
  async targetUrlTaken(db: Db, url: string): Promise<boolean> {
    const r = await db.query('select 1 from crawl_targets where url = $1', [url]);
    return r.rows.length > 0;
  },
  async isExcluded(db: Db, domain: string): Promise<boolean> {
    const r = await db.query('select 1 from excluded_domains where domain = $1', [domain]);
    return r.rows.length > 0;
  },
};
