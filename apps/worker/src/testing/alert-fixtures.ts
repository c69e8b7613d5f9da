import type { Db } from '@preciofab/db/client';
import { usersRepository } from '@preciofab/db/repositories/users.repository';
import type { AlertData } from '@preciofab/shared/contracts/alerts';

/** A price change as alerts-backend records it (contracts/alerts.ts). */
export const priceChangeData = (
  over: Partial<AlertData<'price_change'>> = {},
): AlertData<'price_change'> => ({
  offer_id: '6f1c2d3e-0000-4000-8000-000000000001',
  offer_name: 'Impresión FDM <PLA> & "PETG"',
  vendor_id: '6f1c2d3e-0000-4000-8000-000000000002',
  vendor_name: 'Taller Ñandú',
  observation_id: '6f1c2d3e-0000-4000-8000-000000000003',
  previous_observation_id: '6f1c2d3e-0000-4000-8000-000000000004',
  basis: 'observed',
  old_price: 1200,
  new_price: 1500,
  currency: 'MXN',
  unit: 'hour',
  change_percent: 25,
  change_amount: 300,
  observed_at: '2026-11-20T10:00:00.000Z',
  source_url: 'https://taller.example/precios',
  ...over,
});

let n = 0;

export async function insertUser(
  db: Db,
  over: {
    role?: string;
    language?: 'es' | 'en';
    timeZone?: string;
    digestHour?: number;
    active?: boolean;
  } = {},
): Promise<string> {
  n++;
  const u = await usersRepository.insert(db, {
    email: `user${n}-${Math.random().toString(36).slice(2, 8)}@taller.mx`,
    name: `Usuario ${n}`,
    role: over.role ?? 'operator',
    passwordHash: 'x',
    language: over.language ?? 'es',
  });
  await db.query('update users set time_zone = $2, digest_hour = $3, active = $4 where id = $1', [
    u.id,
    over.timeZone ?? 'America/Mexico_City',
    over.digestHour ?? 8,
    over.active ?? true,
  ]);
  return u.id;
}

export async function insertRule(db: Db, ownerId: string, name = 'Precios de impresión'): Promise<string> {
  const r = await db.query<{ id: string }>(
    "insert into alert_rules (owner_id, name, kind, change_percent) values ($1, $2, 'price_change', 10) returning id",
    [ownerId, name],
  );
  return r.rows[0]!.id;
}

export async function insertAlert(
  db: Db,
  ruleId: string | null,
  data: AlertData = priceChangeData(),
  createdAt?: Date,
): Promise<string> {
  n++;
  const r = await db.query<{ id: string }>(
    `insert into alerts (rule_id, rule_name, dedupe_key, kind, data, created_at)
     values ($1, coalesce((select name from alert_rules where id = $1), 'Regla borrada'), $2, 'price_change', $3,
             coalesce($4, now())) returning id`,
    [ruleId, `obs:${n}:${Math.random()}`, JSON.stringify(data), createdAt ?? null],
  );
  return r.rows[0]!.id;
}

export async function subscribe(
  db: Db,
  userId: string,
  ruleId: string,
  email: 'off' | 'immediate' | 'digest',
  inApp = true,
): Promise<string> {
  const r = await db.query<{ unsubscribe_token: string }>(
    `insert into alert_subscriptions (user_id, rule_id, in_app, email) values ($1, $2, $3, $4)
     on conflict (user_id, rule_id) do update set email = excluded.email, in_app = excluded.in_app
     returning unsubscribe_token`,
    [userId, ruleId, inApp, email],
  );
  return r.rows[0]!.unsubscribe_token;
}

/** A raw email's body parts, quoted-printable decoded (soft breaks joined, =XX bytes read as UTF-8). */
export function decodeMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
