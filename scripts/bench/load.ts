import type pg from 'pg';
import { checkInvariants, type Query } from '../../apps/api/test/invariants';
import { recontagens } from '../../apps/api/test/recontagem';

/**
 * A shop loaded by bulk SQL (minutes for a million sales, not hours through the API): products,
 * customers with Brazilian names, sales spread evenly over the past (1,000 a day), 30% fiado —
 * paid two months late, as fiado customers pay: fiado older than 60 days paid by a payment entry 60
 * days after the sale, the last 60 days' fiado pending — the ledger and the cached balances
 * consistent with that, every derived column as the app keeps it (the customers' oldest pending
 * sale, their page codes in the registry) and the rollups rebuilt from the rows (the triggers are
 * off during the load, as a restore does it). conferirCarga checks all of it against a recount.
 */
export interface ShopSize {
  vendas: number;
  clientes: number;
  produtos: number;
}

const NOMES = ['Maria', 'José', 'Ana', 'João', 'Antônio', 'Francisca', 'Carlos', 'Paulo', 'Adriana', 'Lucas', 'Juliana', 'Marcos', 'Aline', 'Rafael', 'Sandra', 'Pedro', 'Camila', 'Luiz', 'Patrícia', 'Bruno'];
const SOBRENOMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa'];

const lit = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

export async function loadShop(client: pg.Client, ownerId: string, size: ShopSize): Promise<void> {
  const o = `'${ownerId.replace(/'/g, "''")}'`;
  const days = Math.max(1, size.vendas / 1000);
  const run = (text: string) => client.query(text);
  await run('begin');
  // Superuser only: no user triggers (the rollups) and no FK checks while loading; rebuilt below.
  await run('set local session_replication_role = replica');
  // The statistics know the previous shops, not this one (estimated at a row): whole-shop joins
  // run as hash joins, as the restore runs them (migration 0024).
  await run('set local enable_nestloop = off');
  await run(`insert into produtos (owner_id, nome, nome_busca, preco_venda, preco_custo, estoque_atual, estoque_minimo)
    select ${o}, 'Produto ' || i, 'produto ' || i, 150 + (i * 37 % 4850), (150 + (i * 37 % 4850)) * 6 / 10, 1000000000, 5
    from generate_series(1, ${size.produtos}) i`);
  await run(`insert into clientes (owner_id, nome, nome_busca, telefone, limite_credito, login)
    select ${o}, nome, lower(translate(nome, 'áàâãéêíóôõúç', 'aaaaeeiooouc')), '119' || lpad(i::text, 8, '0'), 1000000000,
           'b' || substr(md5(${o}), 1, 8) || i
    from (select i, (${lit(NOMES)})[1 + i % 20] || ' ' || (${lit(SOBRENOMES)})[1 + (i / 20) % 20] || ' ' || (${lit(SOBRENOMES)})[1 + (i / 400) % 20] as nome
          from generate_series(1, ${size.clientes}) i) x`);
  if (size.vendas > 0) {
    await run(`create temp table bp on commit drop as
      select (row_number() over (order by id)) - 1 as n, id, nome, preco_venda, preco_custo from produtos where owner_id = ${o}`);
    await run(`create temp table bc on commit drop as
      select (row_number() over (order by id)) - 1 as n, id from clientes where owner_id = ${o}`);
    await run(`create temp table bv on commit drop as
      select gen_random_uuid() as id, s.i, s.d, s.fiado, s.fiado and s.d < now() - interval '60 days' as paga, s.q,
             p.id as pid, p.nome as pnome, p.preco_venda as preco, p.preco_custo as custo, case when s.fiado then c.id end as cid
      from (select i, now() - (${size.vendas} - i) * (interval '1 second' * ${(86400 * days) / size.vendas}) as d,
                   (i % 10) < 3 as fiado, 1 + i % 3 as q
            from generate_series(1, ${size.vendas}) i) s
      join bp p on p.n = (s.i::bigint * 31) % ${size.produtos}
      join bc c on c.n = (s.i::bigint * 7919) % ${size.clientes}`);
    await run(`insert into vendas (id, owner_id, numero_venda, cliente_id, data_venda, valor_total, valor_pago, forma_pagamento,
                                   status_pagamento, custo_total, created_at)
      select id, ${o}, 'V' || (1600000000000 + i), cid, d, preco * q,
             case when not fiado or paga then preco * q else 0 end,
             case when fiado then 'fiado' else 'vista' end,
             case when not fiado or paga then 'pago' else 'pendente' end, custo * q, d
      from bv`);
    await run(`insert into itens_venda (owner_id, venda_id, produto_id, produto_nome, quantidade, preco_unitario, custo_unitario, subtotal, custo)
      select ${o}, id, pid, pnome, q, preco, custo, preco * q, custo * q from bv`);
    await run(`insert into lancamentos (owner_id, cliente_id, tipo, valor, venda_id, created_at)
      select ${o}, cid, 'venda', -(preco * q), id, d from bv where fiado`);
    await run(`insert into lancamentos (owner_id, cliente_id, tipo, valor, metodo, created_at)
      select ${o}, cid, 'pagamento', preco * q, (array['dinheiro','pix','cartao'])[1 + i % 3], d + interval '60 days' from bv where paga`);
    await run(`update clientes c set saldo_atual = s.saldo
      from (select cliente_id, sum(valor) as saldo from lancamentos where owner_id = ${o} group by 1) s
      where c.owner_id = ${o} and c.id = s.cliente_id`);
    // The debtors' due dates start at each customer's oldest pending sale (the ledger keeps it).
    await run(`update clientes c set pendente_desde = s.desde
      from (select cliente_id, min(data_venda) as desde from vendas
            where owner_id = ${o} and status_pagamento = 'pendente' and cliente_id is not null group by 1) s
      where c.owner_id = ${o} and c.id = s.cliente_id`);
  }
  await run(`insert into logins_clientes (login, owner_id, cliente_id) select login, owner_id, id from clientes where owner_id = ${o} and login is not null`);
  await rebuildRollups(client, o);
  await run('commit');
  // As autovacuum would have by the time a shop this size is in use: statistics that know the shop
  // (the checks below and every timed statement are planned from them).
  await run('analyze');
}

/** The rollups of one seller from their rows: the same function a restore ends with (migration 0022). */
async function rebuildRollups(client: pg.Client, o: string) {
  await client.query(`select reconstruir_rollups(${o})`);
}

/**
 * What the app keeps, checked against a recount of the loaded rows (the invariants and recounts the
 * tests use): a benchmark of data the app could not have written measures nothing. Throws on the
 * first broken rule.
 */
export async function conferirCarga(client: pg.Client): Promise<void> {
  const query: Query = async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[];
  const violations = await checkInvariants(query);
  if (violations.length) throw new Error(`loaded data break ${violations.length} rules, the first: ${JSON.stringify(violations[0])}`);
  const recontagem = await recontagens(query);
  const erradas = Object.entries(recontagem).filter(([, n]) => n !== 0);
  if (erradas.length) throw new Error(`loaded data differ from a recount: ${JSON.stringify(Object.fromEntries(erradas))}`);
}
