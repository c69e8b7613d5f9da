import type { $ZodConfig } from 'zod/v4/core';

/**
 * zod compiles a fast path for object schemas with `new Function`, after probing whether eval is
 * allowed. The console's CSP forbids eval (script-src 'self'), so the probe fails, and the browser
 * reports it as a CSP violation even though zod catches it. Jitless mode skips both; validation
 * takes the path it took anyway. This runs first in every entry (main.tsx, the import worker),
 * before any module builds a schema: the probe runs once, when the first object schema is made.
 *
 * It is `z.config({ jitless: true })` without importing zod here: zod keeps its configuration in
 * this global (so that copies of zod share it) and reads it from there, whichever runs first.
 * Importing `config` would pull zod's core (about 5 KB compressed) into the first load of every
 * screen, most of which need no zod. zod-jitless.test.ts checks zod sees it.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
