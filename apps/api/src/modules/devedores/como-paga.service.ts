import { and, eq, sql } from 'drizzle-orm';
import { comoPaga, type ComoPaga, type RazaoComoPaga } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { auditoria, clientes, lancamentos, vendas } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { queryRows } from '../../lib/sql';
import { lerConfigHoje } from './cobranca-config.service';

/**
 * "Como paga" (issue 40; shared como-paga.ts): the customer's record over the last 12 months,
 * replayed from their whole ledger and the promises the audit trail recorded. One customer's
 * entries, read by their index (lancamentos_cliente_idx, auditoria_cliente_idx): a few hundred rows
 * even for a customer of years at a shop of a million sales.
 */
export async function lerComoPaga(tx: Executor, ownerId: string, clienteId: string, agora: Date): Promise<ComoPaga> {
  const [cliente] = await tx
    .select({ dataVencimento: clientes.dataVencimento, limiteCredito: clientes.limiteCredito })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  if (!cliente) throw notFound('Cliente');
  const config = await lerConfigHoje(tx, ownerId, agora);
  const razao = await razaoDoCliente(tx, ownerId, clienteId);
  return comoPaga(razao, { regra: config.regra, fuso: config.fuso, hoje: config.hoje, dataVencimento: cliente.dataVencimento, limiteAtual: cliente.limiteCredito });
}

interface LinhaDoRazao {
  tipo: string;
  valor: number | string;
  venda_id: string | null;
  em: string | Date;
  data_venda: string | Date | null;
}

async function razaoDoCliente(tx: Executor, ownerId: string, clienteId: string): Promise<RazaoComoPaga> {
  const linhas = await queryRows<LinhaDoRazao>(
    tx,
    sql`select l.tipo, l.valor, l.venda_id, l.created_at as em, v.data_venda
        from ${lancamentos} l left join ${vendas} v on v.owner_id = l.owner_id and v.id = l.venda_id
        where l.owner_id = ${ownerId} and l.cliente_id = ${clienteId}`,
  );
  const iso = (d: string | Date) => new Date(d).toISOString();
  const canceladas = new Map<string, string>();
  for (const l of linhas) if (l.tipo === 'estorno' && l.venda_id) canceladas.set(l.venda_id, iso(l.em));
  const razao: { vendas: RazaoComoPaga['vendas'][number][]; creditos: RazaoComoPaga['creditos'][number][] } = { vendas: [], creditos: [] };
  for (const l of linhas) {
    if (l.tipo === 'venda' && l.venda_id && l.data_venda) {
      razao.vendas.push({ id: l.venda_id, dataVenda: iso(l.data_venda), lancadaEm: iso(l.em), total: -Number(l.valor), canceladaEm: canceladas.get(l.venda_id) ?? null });
    } else if (!(l.tipo === 'estorno' && l.venda_id)) {
      razao.creditos.push({ instante: iso(l.em), valor: Number(l.valor) });
    }
  }
  const promessas = await tx
    .select({ em: auditoria.em, data: sql<string | null>`${auditoria.mudancas} -> 0 ->> 'depois'` })
    .from(auditoria)
    .where(
      and(
        eq(auditoria.ownerId, ownerId),
        eq(auditoria.clienteId, clienteId),
        sql`${auditoria.acao} in ('cliente.promessa_registrada', 'cliente.promessa_removida')`,
      ),
    );
  return { ...razao, promessas: promessas.map((p) => ({ em: p.em.toISOString(), data: p.data })) };
}
