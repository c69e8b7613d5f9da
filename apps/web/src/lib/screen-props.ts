import type { Role } from '@preciofab/shared/catalogue';

/** What the router hands every screen: the signed-in role, so a screen hides what that role may
 * not do (the server refuses it anyway). Viewers read only; only admins manage discovery sources,
 * users and exchange rates. */
export type ScreenProps = { role: Role };

export const canWrite = (role: Role) => role !== 'viewer';
export const isAdmin = (role: Role) => role === 'admin';
