import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LancamentoResultado } from '@caderneta/shared';
import { duasInstancias } from '../../../test/duas-instancias';
import { insertCliente, ledgerSum, readCliente } from '../../../test/fixtures';
import { lancamentos } from '../../db/schema';

/**
 * Two API instances on one PostgreSQL (each with its own pool, as behind a load balancer) receiving
 * one offline payment at once, as a counter's queue resending it might: one entry, dated when it was
 * received, the same payment answered to every request.
 */
describe('offline payment idempotency across instances', () => {
  const duas = duasInstancias();

  it('concurrent requests with one key on two instances post one payment and answer it to all', async () => {
    for (let round = 0; round < 3; round++) {
      const cliente = await insertCliente(duas.a, duas.seller.id);
      const venda = await duas.seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ valor: 2_000 }] } });
      expect(venda.statusCode).toBe(201);
      const feitaEm = new Date(Date.now() - 2 * 86_400_000).toISOString();
      const payload = { valor: 1_500, metodo: 'pix', chave: crypto.randomUUID(), offline: { feitaEm } };
      const responses = await duas.aoMesmoTempo(`/api/clientes/${cliente.id}/pagamentos`, payload);
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      const answers = responses.map((r) => r.json() as LancamentoResultado);
      expect(new Set(answers.map((r) => r.lancamento.id)).size).toBe(1);
      expect(answers[0]!.lancamento.data).toBe(feitaEm);
      const rows = await duas.a.db
        .select({ id: lancamentos.id })
        .from(lancamentos)
        .where(and(eq(lancamentos.clienteId, cliente.id), eq(lancamentos.tipo, 'pagamento')));
      expect(rows).toHaveLength(1);
      expect((await readCliente(duas.a, cliente.id)).saldoAtual).toBe(-500);
      expect(await ledgerSum(duas.a, cliente.id)).toBe(-500);
    }
  });
});
