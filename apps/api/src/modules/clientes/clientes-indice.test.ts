import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { clientesQuerySchema, normalizeForSearch, type ClientesPage } from '@caderneta/shared';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../../test/app';
import { insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { clientes } from '../../db/schema';
import { queryRows } from '../../lib/sql';
import { seededRandom } from '../../lib/seeded-random';
import { IndiceDeClientes } from './clientes-indice';
import { listClientes } from './clientes.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PRIMEIROS = ['Maria', 'Mariana', 'José', 'Ana', 'João', 'Conceição', 'Zé', 'Márcia', 'Lúcia', 'Antônio', 'Anaí', 'Éric'];
const ULTIMOS = ['da Silva', 'Souza', 'de Araújo', 'Mariano', 'Santos', 'Conceição', 'Lima 100%', 'do_Carmo', ''];

/** The list page through the service: with `indice`, the search in memory; without, the database's. */
const pagina = (ownerId: string, query: Record<string, unknown>, indice?: IndiceDeClientes): Promise<ClientesPage> =>
  withSeller(t.db, ownerId, (tx) => listClientes(tx, ownerId, clientesQuerySchema.parse(query), indice));

const versaoDe = async (ownerId: string) => {
  const [linha] = await withSeller(t.db, ownerId, (tx) =>
    queryRows<{ versao: string | null }>(tx, sql`select versao::text from clientes_versao where owner_id = ${ownerId}`),
  );
  return linha ? Number(linha.versao) : null;
};

const list = async (seller: SellerSession, query: string) => {
  const response = await seller.request({ method: 'GET', url: `/api/clientes${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as ClientesPage;
};
const nomes = (page: ClientesPage) => page.items.map((c) => c.nome);

async function novo(seller: SellerSession, nome: string, telefone = '11987654321') {
  const response = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome, telefone } });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; nome: string };
}

describe('the customer search in memory', () => {
  it('finds exactly what the database search finds — same customers, order and count — while customers come, change and go', async () => {
    const seller = await createSeller(t);
    const random = seededRandom(20261126);
    const nomeAleatorio = () => `${random.pick(PRIMEIROS)} ${random.pick(ULTIMOS)}`.trim();
    const telefoneAleatorio = () => `${random.int(11, 99)}9${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
    const linha = () => {
      const nome = nomeAleatorio();
      return { ownerId: seller.id, nome, nomeBusca: normalizeForSearch(nome), telefone: telefoneAleatorio(), ativo: random.next() > 0.2 };
    };
    await withSeller(t.db, seller.id, (tx) => tx.insert(clientes).values(Array.from({ length: 160 }, linha)));
    const indice = new IndiceDeClientes();

    const termos = async () => {
      const todos = await withSeller(t.db, seller.id, (tx) => tx.select({ nome: clientes.nome, telefone: clientes.telefone }).from(clientes));
      const um = random.pick(todos);
      const nome = normalizeForSearch(um.nome);
      const inicio = random.int(0, nome.length - 1);
      const digitos = um.telefone.slice(random.int(0, 6), random.int(7, 11));
      return [
        nome.slice(inicio, inicio + random.int(1, 6)),
        um.nome.toUpperCase(),
        digitos,
        `(${um.telefone.slice(0, 2)}) ${um.telefone.slice(2, 7)}-${um.telefone.slice(7)}`,
        `0${digitos}`,
        '%',
        '_',
        'lima 100%',
        'do_c',
        'ninguém assim',
        ' a ',
      ];
    };

    for (let rodada = 0; rodada < 4; rodada++) {
      let comparadas = 0;
      for (const busca of await termos()) {
        for (const status of ['ativos', 'inativos', 'todos'] as const) {
          for (const [page, pageSize] of [[1, 20], [2, 5], [9, 5]] as const) {
            const query = { busca, status, page, pageSize };
            const naMemoria = await pagina(seller.id, query, indice);
            const noBanco = await pagina(seller.id, query);
            expect({ query, ids: naMemoria.items.map((c) => c.id), total: naMemoria.total }).toEqual({
              query,
              ids: noBanco.items.map((c) => c.id),
              total: noBanco.total,
            });
            expect(naMemoria).toEqual(noBanco);
            comparadas += naMemoria.items.length;
          }
        }
      }
      expect(comparadas).toBeGreaterThan(0);
      expect(indice.tamanho).toBeGreaterThan(0);

      // Between rounds: some customers renamed, some with a new phone, some (de)activated, some
      // deleted, some created, each in its own transaction.
      const ids = (await withSeller(t.db, seller.id, (tx) => tx.select({ id: clientes.id }).from(clientes))).map((c) => c.id);
      for (let k = 0; k < 6; k++) {
        const id = random.pick(ids);
        const nome = nomeAleatorio();
        await withSeller(t.db, seller.id, (tx) => tx.update(clientes).set({ nome, nomeBusca: normalizeForSearch(nome) }).where(eq(clientes.id, id)));
        await withSeller(t.db, seller.id, (tx) => tx.update(clientes).set({ telefone: telefoneAleatorio() }).where(eq(clientes.id, random.pick(ids))));
        await withSeller(t.db, seller.id, (tx) => tx.update(clientes).set({ ativo: random.next() > 0.5 }).where(eq(clientes.id, random.pick(ids))));
      }
      const apagar = [random.pick(ids), random.pick(ids)];
      await withSeller(t.db, seller.id, (tx) => tx.delete(clientes).where(inArray(clientes.id, apagar)));
      await withSeller(t.db, seller.id, (tx) => tx.insert(clientes).values(Array.from({ length: 5 }, linha)));
    }
  }, 90_000); // four rounds of a hundred searches and changes: about 20 s alone, more on a busy machine

  it('sees every change at once — new, renamed, deactivated, deleted, restored — made through this server or another one on the same database', async () => {
    const seller = await createSeller(t);
    const outroServidor = await buildTestApp({ shareDatabase: t.database });
    try {
      // The same session, its requests sent to the other server.
      const noOutro: SellerSession = {
        ...seller,
        request: (options) => outroServidor.app.inject({ ...options, headers: { origin: TEST_ORIGIN, cookie: seller.cookie } }),
      };
      const zelia = await novo(seller, 'Zélia Gomes');
      await novo(seller, 'Zuleica Gomes', '21999990000');
      expect(nomes(await list(seller, '?busca=zelia'))).toEqual(['Zélia Gomes']);
      expect(nomes(await list(noOutro, '?busca=gomes'))).toEqual(['Zélia Gomes', 'Zuleica Gomes']);
      const backup = await seller.request({ method: 'GET', url: '/api/backup/exportar' });
      expect(backup.statusCode).toBe(200);

      // Renamed on the other server: this one finds the new name and no longer the old one.
      const edit = await noOutro.request({ method: 'PUT', url: `/api/clientes/${zelia.id}`, payload: { nome: 'Zenaide Prado', telefone: '11987654321' } });
      expect(edit.statusCode).toBe(200);
      expect((await list(seller, '?busca=zelia')).total).toBe(0);
      expect(nomes(await list(seller, '?busca=prado'))).toEqual(['Zenaide Prado']);
      expect(nomes(await list(seller, '?busca=z'))).toEqual(['Zenaide Prado', 'Zuleica Gomes']);

      // Deactivated here: the other server's default list (active) loses it, "inativos" has it.
      expect((await seller.request({ method: 'POST', url: `/api/clientes/${zelia.id}/desativar` })).statusCode).toBe(200);
      expect(nomes(await list(noOutro, '?busca=z'))).toEqual(['Zuleica Gomes']);
      expect(nomes(await list(noOutro, '?busca=z&status=inativos'))).toEqual(['Zenaide Prado']);

      // Deleted there: gone here, and counted no more.
      expect((await noOutro.request({ method: 'DELETE', url: `/api/clientes/${zelia.id}` })).statusCode).toBe(204);
      expect(await list(seller, '?busca=z&status=todos')).toMatchObject({ total: 1, items: [{ nome: 'Zuleica Gomes' }] });
      expect(await list(seller, '?busca=99999&status=todos')).toMatchObject({ total: 1, items: [{ nome: 'Zuleica Gomes' }] });

      // The backup restored on the other server: this one finds the shop as the file has it.
      const restauracao = await noOutro.request({ method: 'POST', url: '/api/backup/restaurar', payload: JSON.parse(backup.body) as Record<string, unknown> });
      expect(restauracao.body.trim().split('\n').at(-1)).toContain('"concluido"');
      expect(nomes(await list(seller, '?busca=gomes'))).toEqual(['Zélia Gomes', 'Zuleica Gomes']);
    } finally {
      await outroServidor.close();
    }
  });

  it('answers a burst of searches right after a change with the new names, every one of them', async () => {
    const seller = await createSeller(t);
    const ines = await novo(seller, 'Inês Brandão');
    expect((await list(seller, '?busca=ines')).total).toBe(1);
    const edit = await seller.request({ method: 'PUT', url: `/api/clientes/${ines.id}`, payload: { nome: 'Irene Brandão', telefone: '11987654321' } });
    expect(edit.statusCode).toBe(200);
    const paginas = await Promise.all(Array.from({ length: 8 }, (_, i) => list(seller, i % 2 ? '?busca=brandao' : '?busca=ines')));
    expect(paginas.map(nomes)).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 ? ['Irene Brandão'] : [])));
  });

  it("keeps each seller's customers apart: the same words find only the seller's own", async () => {
    const ana = await createSeller(t);
    const beto = await createSeller(t);
    await novo(ana, 'Quitéria Ramos');
    await novo(beto, 'Quitéria Nunes');
    expect(nomes(await list(ana, '?busca=quiteria'))).toEqual(['Quitéria Ramos']);
    expect(nomes(await list(beto, '?busca=quiteria'))).toEqual(['Quitéria Nunes']);
    expect((await list(beto, '?busca=ramos&status=todos')).total).toBe(0);
  });

  it('moves the version for what the search sees, once per transaction, and not for a sale or a payment', async () => {
    const seller = await createSeller(t);
    expect(await versaoDe(seller.id)).toBeNull();
    const cliente = await novo(seller, 'Olga Teixeira');
    const v1 = (await versaoDe(seller.id))!;
    expect(v1).toBeGreaterThan(0);

    const produto = await insertProduto(t, seller.id);
    const venda = await seller.request({
      method: 'POST',
      url: '/api/vendas',
      payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] },
    });
    expect(venda.statusCode).toBe(201);
    const pagamento = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 100, metodo: 'dinheiro' } });
    expect(pagamento.statusCode).toBe(201);
    expect(await versaoDe(seller.id)).toBe(v1);

    // A save that changes nothing the search sees (limit, notes) does not move it either.
    await withSeller(t.db, seller.id, (tx) => tx.update(clientes).set({ limiteCredito: 5000, observacoes: 'paga às sextas' }).where(eq(clientes.id, cliente.id)));
    expect(await versaoDe(seller.id)).toBe(v1);

    await withSeller(t.db, seller.id, (tx) => tx.update(clientes).set({ telefone: '11900001111' }).where(eq(clientes.id, cliente.id)));
    const v2 = (await versaoDe(seller.id))!;
    expect(v2).toBeGreaterThan(v1);

    // Many rows in one transaction: once.
    await withSeller(t.db, seller.id, async (tx) => {
      const linhas = ['A', 'B', 'C'].map((n) => ({ ownerId: seller.id, nome: n, nomeBusca: n.toLowerCase(), telefone: '11987654321' }));
      await tx.insert(clientes).values(linhas);
    });
    const v3 = (await versaoDe(seller.id))!;
    expect(v3).toBeGreaterThan(v2);
    expect(nomes(await list(seller, '?busca=a&status=todos'))).toContain('A');
  });

  it('leaves a shop past its bound to the database, and holds at most its bound of customers in all', async () => {
    const indice = new IndiceDeClientes({ porLoja: 5, total: 8 });
    const grande = await createSeller(t);
    const pequenas = [await createSeller(t), await createSeller(t), await createSeller(t)];
    const inserir = (ownerId: string, n: number) =>
      withSeller(t.db, ownerId, (tx) =>
        tx.insert(clientes).values(Array.from({ length: n }, (_, i) => ({ ownerId, nome: `Rita ${i}`, nomeBusca: `rita ${i}`, telefone: '11987654321' }))),
      );
    await inserir(grande.id, 6);
    for (const p of pequenas) await inserir(p.id, 3);

    const grandePagina = await pagina(grande.id, { busca: 'rita', pageSize: 5 }, indice);
    expect(grandePagina.total).toBe(6);
    expect(grandePagina.items.map((c) => c.nome)).toEqual(['Rita 0', 'Rita 1', 'Rita 2', 'Rita 3', 'Rita 4']);
    expect(indice.tamanho).toBe(0);

    for (const p of pequenas) {
      const page = await pagina(p.id, { busca: 'rita 2' }, indice);
      expect(page).toMatchObject({ total: 1, items: [{ nome: 'Rita 2' }] });
      expect(indice.tamanho).toBeLessThanOrEqual(8);
    }
    expect(indice.tamanho).toBe(6);
    // The least recently searched shop was dropped; searching it again reads it again.
    expect(await pagina(pequenas[0]!.id, { busca: 'rita' }, indice)).toMatchObject({ total: 3 });
    expect(indice.tamanho).toBe(6);
  });
});
