import { ensurePgliteTemplate } from './pglite-template.ts';

/** `npm run build`'s last step: the migrated cluster new PGlite data directories are copied from
 * (pglite-template.ts), made now rather than by the first start. */
const started = performance.now();
const template = await ensurePgliteTemplate();
const ms = Math.round(performance.now() - started);
process.stdout.write(
  template
    ? `PGlite template ready in ${ms} ms: ${template}\n`
    : 'No PGlite template (its folder cannot be written): a new data directory runs initdb instead.\n',
);
