import { createDb } from './client.ts';
import { migrate } from './migrate.ts';

const db = await createDb({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? './data',
});
const applied = await migrate(db);
process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'up to date\n');
await db.close();
