import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import direction (lint rule)', () => {
  it.each([
    ['packages/shared/src/x.ts', "import { createDb } from '@preciofab/db/client';"],
    ['packages/shared/src/x.ts', "import { createDb } from '../../db/src/client.ts';"],
    ['packages/db/src/x.ts', "import { buildApp } from '@preciofab/server/app';"],
    ['packages/extract/src/x.ts', "import { createDb } from '@preciofab/db/client';"],
    ['packages/extract/src/x.ts', "import { f } from '@preciofab/fetch/guarded-fetch';"],
    ['packages/fetch/src/x.ts', "import { createDb } from '@preciofab/db/client';"],
    ['apps/worker/src/x.ts', "import { buildApp } from '@preciofab/server/app';"],
    ['apps/web/src/app/x.ts', "import { createDb } from '@preciofab/db/client';"],
    ['apps/web/src/features/auth/api/x.ts', "import { y } from '../../dashboard/api/get-stats.ts';"],
    ['apps/web/src/features/auth/x.ts', "import { y } from '../dashboard/index.ts';"],
    ['apps/web/src/lib/x.ts', "import { y } from '../features/auth/api/login.ts';"],
  ])('refuses %s: %s', async (file, source) => {
    expect(await restricted(file, `${source}\nexport const z = 1;`)).toHaveLength(1);
  });

  it.each([
    ['apps/server/src/x.ts', "import { createDb } from '@preciofab/db/client';"],
    ['apps/worker/src/x.ts', "import { createDb } from '@preciofab/db/client';"],
    ['apps/web/src/features/auth/api/x.ts', "import { y } from '../components/login-form.tsx';"],
    ['apps/web/src/features/auth/api/x.ts', "import { y } from '../../../lib/api-client.ts';"],
    ['apps/web/src/app/x.ts', "import { y } from '../features/auth/api/login.ts';"],
  ])('allows %s: %s', async (file, source) => {
    expect(await restricted(file, `${source}\nexport const z = 1;`)).toEqual([]);
  });
});
