import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { PAPEIS, PERMISSOES_DO_PAPEL, type Papel, type Permissao } from '@caderneta/shared';
import { buildTestApp, createSeller, createStaff, type SellerSession, type TestApp } from '../../test/app';
import { auditoria } from '../db/schema';
import { PERMISSOES_DAS_ROTAS, type PermissaoDaRota } from './permissoes-das-rotas';

/*
 * The permission matrix (issue 37), generated from the route table: every route behind the
 * session × every role with its default permissions. A role without the route's permission gets
 * exactly 403 { code: 'SEM_PERMISSAO', details: { permissao } } whatever it sends, and nothing is
 * written (no audit row: every write of the shop leaves one); a role with it gets past the gate —
 * whatever the route then answers to an empty request, it is not that 403. The table is checked
 * against Fastify's own: no entry without its route (and no route behind the session without an
 * entry, which the server refuses to start with).
 */

let t: TestApp;
const sessoes = {} as Record<Papel, SellerSession>;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { backup: 10_000, providerTest: 10_000 } });
  sessoes.dono = await createSeller(t);
  sessoes.gerente = await createStaff(t, sessoes.dono, { papel: 'gerente' });
  sessoes.caixa = await createStaff(t, sessoes.dono, { papel: 'caixa' });
});
afterAll(() => t.close());

// Signing out ends the session the next routes would use: it goes last.
const rotas = Object.entries(PERMISSOES_DAS_ROTAS).sort(([a], [b]) => Number(a === 'POST /api/me/sair') - Number(b === 'POST /api/me/sair'));

const urlDe = (path: string) => path.replace(':dia', '2001-01-01').replace(/:[a-zA-Z]+/g, () => randomUUID());
const algumas = (exigida: PermissaoDaRota): readonly Permissao[] | null => (exigida === 'todos' ? null : typeof exigida === 'string' ? [exigida] : exigida);
const podeChamar = (papel: Papel, exigida: PermissaoDaRota) => {
  const lista = algumas(exigida);
  return lista === null || lista.some((p) => PERMISSOES_DO_PAPEL[papel].permissoes.includes(p));
};
const linhasDoHistorico = async () => ((await t.db.select({ n: count() }).from(auditoria)) as [{ n: number }])[0].n;

describe('the permission matrix', () => {
  it('lists only routes the server has', () => {
    for (const [rota] of rotas) {
      const [method, url] = rota.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), rota).toBe(true);
    }
  });

  for (const papel of PAPEIS) {
    it(`answers every route for a ${papel} as documented`, async () => {
      const errados: string[] = [];
      for (const [rota, exigida] of rotas) {
        const [method, path] = rota.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
        const antes = await linhasDoHistorico();
        const response = await sessoes[papel].request({ method, url: urlDe(path), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
        const body = response.headers['content-type']?.toString().includes('json') ? (response.json() as { code?: string; details?: unknown }) : {};
        if (podeChamar(papel, exigida)) {
          if (response.statusCode === 401 || body.code === 'SEM_PERMISSAO') errados.push(`${rota}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        } else {
          const esperado = { code: 'SEM_PERMISSAO', details: { permissao: algumas(exigida)![0] } };
          if (response.statusCode !== 403 || JSON.stringify({ code: body.code, details: body.details }) !== JSON.stringify(esperado)) {
            errados.push(`${rota}: expected 403 ${JSON.stringify(esperado)}, got ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
          if ((await linhasDoHistorico()) !== antes) errados.push(`${rota}: refused, but wrote to the history`);
        }
      }
      expect(errados).toEqual([]);
    });
  }

  it("gives each role's defaults: the owner everything, a cashier only the counter's", () => {
    const negados = (papel: Papel) => rotas.filter(([, exigida]) => !podeChamar(papel, exigida)).map(([rota]) => rota);
    expect(negados('dono')).toEqual([]);
    expect(negados('caixa')).toContain('POST /api/vendas/:id/cancelar');
    expect(negados('caixa')).not.toContain('POST /api/vendas');
    expect(negados('gerente')).toEqual(expect.arrayContaining(['GET /api/equipe', 'POST /api/backup/restaurar', 'PUT /api/configuracoes/mercadopago']));
  });
});
