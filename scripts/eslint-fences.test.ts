import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The fences of eslint.config.js (docs/decisions/008-layer-rules.md): each wrong-way import below
 * must be refused, and the same file with an allowed import must pass. The code is linted as if it
 * were at the given path; the imported files are real ones.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const refused: [string, string, string, RegExp][] = [
  ['components import no feature', 'apps/web/src/components/x.ts', "import { useClientes } from '@/features/clientes/api/get-clientes';\nexport const x = useClientes;", /no-restricted-paths.*components\//],
  ['components import nothing from app/', 'apps/web/src/components/x.ts', "import { routes } from '@/app/router';\nexport const x = routes;", /no-restricted-paths/],
  ['lib imports no feature', 'apps/web/src/lib/x.ts', "import { useClientes } from '@/features/clientes/api/get-clientes';\nexport const x = useClientes;", /no-restricted-paths.*lib\//],
  ['lib imports no component', 'apps/web/src/lib/x.ts', "import { Button } from '@/components/ui/button';\nexport const x = Button;", /no-restricted-paths.*lib\//],
  ['a feature imports no other feature', 'apps/web/src/features/vendas/x.ts', "import { useClientes } from '@/features/clientes/api/get-clientes';\nexport const x = useClientes;", /no-restricted-paths.*one another/],
  ['a feature imports nothing from app/', 'apps/web/src/features/vendas/x.ts', "import { routes } from '@/app/router';\nexport const x = routes;", /no-restricted-paths.*app\//],
  ['a service imports no fastify', 'apps/api/src/modules/vendas/x.service.ts', "import type { FastifyInstance } from 'fastify';\nexport type X = FastifyInstance;", /no-restricted-imports.*fastify/],
  ['a service imports no route', 'apps/api/src/modules/vendas/x.service.ts', "import { vendasRoutes } from './vendas.routes';\nexport const x = vendasRoutes;", /no-restricted-paths.*routes → services → db/],
  ['db imports no service', 'apps/api/src/db/x.ts', "import { listVendas } from '../modules/vendas/vendas.service';\nexport const x = listVendas;", /no-restricted-paths.*bottom layer/],
  ['a route imports no other route', 'apps/api/src/modules/conta/x.routes.ts', "import { authRoutes } from '../../auth/auth.routes';\nexport const x = authRoutes;", /no-restricted-paths.*route file/],
  ['a route imports no table', 'apps/api/src/modules/vendas/x.routes.ts', "import { vendas } from '../../db/schema';\nexport const x = vendas;", /no-restricted-paths.*tables/],
  ['a module imports no module of a higher layer', 'apps/api/src/modules/financeiro/x.ts', "import { createVenda } from '../vendas/vendas.service';\nexport const x = createVenda;", /no-restricted-paths.*lower layers/],
  ['modules of one layer do not import each other', 'apps/api/src/modules/vendas/x.ts', "import { listDevedores } from '../devedores/devedores.service';\nexport const x = listDevedores;", /no-restricted-paths.*lower layers/],
  ['db/ is below lib/', 'apps/api/src/db/x.ts', "import { AppError } from '../lib/errors';\nexport const x = AppError;", /no-restricted-paths.*db\/ is below lib\//],
  ['no module imports cli/', 'apps/api/src/modules/admin/x.ts', "import { comBanco } from '../../cli/banco';\nexport const x = comBanco;", /no-restricted-paths.*never import cli\//],
  ['shared imports nothing but zod', 'packages/shared/src/x.ts', "import { useState } from 'react';\nexport const x = useState;", /no-restricted-imports.*nothing but zod/],
  ['the web imports nothing of the API', 'apps/web/src/lib/x.ts', "import { AppError } from '../../../api/src/lib/errors';\nexport const x = AppError;", /no-restricted-paths.*HTTP only/],
  ['one import per module', 'apps/web/src/lib/x.ts', "import { api } from './api-client';\nimport { isApiError } from './api-client';\nexport const x = [api, isApiError];", /import-x\/no-duplicates/],
  ['hooks only at the top level', 'apps/web/src/lib/x.ts', "import { useState } from 'react';\nexport function f(a: boolean) { if (a) useState(0); }", /react-hooks\/rules-of-hooks/],
  ['images have a text alternative', 'apps/web/src/components/x.tsx', 'export const X = () => <img src="a.png" />;', /jsx-a11y\/alt-text/],
];

const allowed: [string, string, string][] = [
  ['app composes features', 'apps/web/src/app/routes/x.tsx', "import { useClientes } from '@/features/clientes/api/get-clientes';\nexport const x = useClientes;"],
  ['a feature uses its own files, components and lib', 'apps/web/src/features/clientes/x.ts', "import { useClientes } from './api/get-clientes';\nimport { Button } from '@/components/ui/button';\nimport { useSession } from '@/lib/session';\nexport const x = [useClientes, Button, useSession];"],
  ['components use lib', 'apps/web/src/components/x.ts', "import { useSession } from '@/lib/session';\nexport const x = useSession;"],
  ['a route uses its service', 'apps/api/src/modules/vendas/x.routes.ts', "import type { FastifyInstance } from 'fastify';\nimport { listVendas } from './vendas.service';\nexport const x: [typeof listVendas, FastifyInstance | null] = [listVendas, null];"],
  ['a service uses db and other services', 'apps/api/src/modules/vendas/x.service.ts', "import { vendas } from '../../db/schema';\nimport { lancar } from '../financeiro/razao.service';\nexport const x = [vendas, lancar];"],
  ['a module uses the layers below it', 'apps/api/src/modules/portal/x.ts', "import { lancar } from '../financeiro/razao.service';\nimport { codigoPix } from '../pix/pix.service';\nimport { AppError } from '../../lib/errors';\nexport const x = [lancar, codigoPix, AppError];"],
  ['cli uses the modules', 'apps/api/src/cli/x.ts', "import { seedDemoShop } from '../modules/admin/demo-shop';\nexport const x = seedDemoShop;"],
  ['shared uses zod', 'packages/shared/src/x.ts', "import { z } from 'zod';\nimport { parseMoney } from './money';\nexport const x = [z, parseMoney];"],
];

describe('lint fences', () => {
  it.each(refused)('%s', async (_name, file, code, expected) => {
    const found = await problems(file, code);
    expect(found.some((p) => expected.test(p)), found.join('\n')).toBe(true);
  });

  it.each(allowed)('%s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
