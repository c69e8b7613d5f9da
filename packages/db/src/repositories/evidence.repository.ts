import { createHash } from 'node:crypto';
import { known, type Step } from '../steps.ts';
import type { Db } from '../client.ts';

export type EvidenceKind = 'snapshot' | 'screenshot';

export type EvidenceFile = { id: string; kind: EvidenceKind; content_type: string; content: Buffer };

/** How a file is known before it is stored: its kind and the SHA-256 of its bytes. */
const evidenceKey = (kind: EvidenceKind, content: Buffer): string =>
  `${kind}:${createHash('sha256').update(content).digest('hex')}`;

/** A file about to be stored, with its `kind:sha256` key computed once. */
export type EvidenceToStore = {
  key: string;
  kind: EvidenceKind;
  contentType: string;
  content: Buffer;
  sourceUrl: string;
};

/** A file as stored: its id, and whether the statement that stored it created it. */
export type StoredEvidence = { id: string; created: boolean };

export const evidenceFile = (
  kind: EvidenceKind,
  contentType: string,
  content: Buffer,
  sourceUrl: string,
): EvidenceToStore => ({ key: evidenceKey(kind, content), kind, contentType, content, sourceUrl });

/** HTML snapshots and screenshots of crawled pages. Identical bytes are stored once: a page that has
 * not changed since the last crawl points at the file it already has. */
export const evidenceRepository = {
  /** Stores files (each distinct content once: an unchanged page keeps the file it has) and returns
   * their ids by `kind:sha256`, each saying whether this statement created it. */
  storeManyStep(files: readonly EvidenceToStore[]): Step<Map<string, StoredEvidence>> {
    const distinct = new Map(files.map((f) => [f.key, f]));
    if (distinct.size === 0) return known(new Map());
    const params: unknown[] = [];
    const tuples = [...distinct.entries()].map(([key, f]) => {
      params.push(
        f.kind,
        f.contentType,
        f.content,
        key.slice(key.indexOf(':') + 1),
        f.content.length,
        f.sourceUrl,
      );
      const n = params.length;
      return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
    });
    return {
      statement: {
        sql: `insert into evidence_files (kind, content_type, content, sha256, byte_size, source_url)
              values ${tuples.join(', ')}
              on conflict (kind, sha256) do update set kind = excluded.kind
              returning id, kind, sha256, xmax = 0 as created`,
        params,
      },
      // A row the statement inserted has no xmax; one it found (and touched) has this transaction's.
      read: (r) =>
        new Map(
          r.rows.map((row) => [
            `${String(row.kind)}:${String(row.sha256)}`,
            { id: String(row.id), created: row.created === true },
          ]),
        ),
    };
  },

  /** Removes files by id: those a transaction created and then found no observation to point at
   * them (a page whose prices were all seen before, or that has none). */
  deleteStep(ids: readonly string[]): Step<void> {
    if (ids.length === 0) return known(undefined);
    return {
      statement: { sql: 'delete from evidence_files where id = any($1::uuid[])', params: [ids] },
      read: () => undefined,
    };
  },

  /**
   * Deletes the files no observation points at any more (their observations, or their vendor, were
   * deleted) and returns how many. Repeatable read: a crawl that meanwhile reuses one of these files
   * for a new observation touches its row (storeManyStep's upsert), so the delete of that row fails
   * with a serialization error instead of leaving the new observation without its evidence.
   */
  async deleteUnreferenced(db: Db): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.exec('set transaction isolation level repeatable read');
      const r = await tx.query(
        `delete from evidence_files e
          where not exists (select 1 from price_observations o where o.html_snapshot_path = e.id::text)
            and not exists (select 1 from price_observations o where o.screenshot_path = e.id::text)`,
      );
      return r.rowCount;
    });
  },

  /** The file an observation points at, by kind, or undefined when it has none. */
  async forObservation(db: Db, observationId: string, kind: EvidenceKind): Promise<EvidenceFile | undefined> {
    const column = kind === 'snapshot' ? 'html_snapshot_path' : 'screenshot_path';
    const r = await db.query<EvidenceFile>(
      `select e.id, e.kind, e.content_type, e.content
         from price_observations o join evidence_files e on e.id::text = o.${column}
        where o.id = $1 and e.kind = $2`,
      [observationId, kind],
    );
    const row = r.rows[0];
    return row ? { ...row, content: Buffer.from(row.content) } : undefined;
  },
};
