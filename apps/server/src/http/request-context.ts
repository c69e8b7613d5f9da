import type { Language, Role } from '@preciofab/shared/catalogue';

export type AuthUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  language: Language;
  sessionId: string;
};

/** What a handler knows of the caller. */
export type RequestContext = { user: AuthUser; lang: Language; ip: string };
export type PublicRequestContext = { user: AuthUser | null; lang: Language; ip: string };
