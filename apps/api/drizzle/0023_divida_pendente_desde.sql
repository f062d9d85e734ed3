-- One meaning of "overdue" (docs/decisions/027-one-meaning-of-overdue.md): a customer's debt falls
-- due from the oldest debt still open, and a debit posted by hand — an opening balance carried over
-- from the paper notebook, "Adicionar Saldo", an online payment Mercado Pago gave back — is a debt
-- like a sale, due by the shop's rule from the day it was posted. clientes.pendente_desde followed
-- only the pending sales, so a debt from an adjustment alone was "due today" every day and never
-- overdue, and the reports did not see it at all.
--
-- divida_pendente_desde(owner, customer, balance) is that start, written once (the pure twin is
-- dividaDoRazao in packages/shared/src/divida.ts): the ledger's allocation (ADR 006) lets the
-- customer's non-sale entries, net, cover their fiado sales oldest first; when those entries net to
-- a debit, the credits paid the oldest hand-posted debits first, so the open ones are the newest,
-- back to the one that completes what no sale explains (−balance − open on pending sales). The
-- start is the earlier of the oldest pending sale and that debit; null when nothing is owed. The
-- ledger's allocation (modules/devedores/pendencia.service.ts), a restore (recalcularPendencias) and
-- the recount of the tests call it. It reads the sales only for customers with a hand-posted debit
-- (the partial index below), and then only their pending ones.
CREATE INDEX "lancamentos_debitos_avulsos_idx" ON "lancamentos" USING btree ("owner_id","cliente_id","created_at") WHERE "lancamentos"."tipo" <> 'venda' and "lancamentos"."valor" < 0;--> statement-breakpoint
CREATE FUNCTION divida_pendente_desde(dono text, cliente uuid, saldo bigint) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  venda timestamptz;
  descoberto bigint;
  debito timestamptz;
BEGIN
  IF saldo >= 0 THEN
    RETURN NULL;
  END IF;
  SELECT min(v.data_venda) INTO venda FROM vendas v
   WHERE v.cliente_id = cliente AND v.status_pagamento = 'pendente' AND v.owner_id = dono;
  IF NOT EXISTS (SELECT 1 FROM lancamentos l
                  WHERE l.owner_id = dono AND l.cliente_id = cliente AND l.tipo <> 'venda' AND l.valor < 0) THEN
    RETURN venda;
  END IF;
  SELECT -saldo - coalesce(sum(v.valor_total - v.valor_pago), 0) INTO descoberto FROM vendas v
   WHERE v.cliente_id = cliente AND v.status_pagamento = 'pendente' AND v.owner_id = dono;
  IF descoberto <= 0 THEN
    RETURN venda;
  END IF;
  SELECT d.created_at INTO debito FROM (
    SELECT l.created_at, l.id, sum(-l.valor) OVER (ORDER BY l.created_at DESC, l.id DESC) AS acumulado
      FROM lancamentos l
     WHERE l.owner_id = dono AND l.cliente_id = cliente AND l.tipo <> 'venda' AND l.valor < 0
  ) d
  WHERE d.acumulado >= descoberto
  ORDER BY d.created_at DESC, d.id DESC
  LIMIT 1;
  RETURN least(venda, debito);
END $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION divida_pendente_desde(text, uuid, bigint) TO app_user;--> statement-breakpoint
-- Every customer's start again, by the new meaning (the migrator sees every shop's rows: db/client.ts).
UPDATE clientes c
SET pendente_desde = p.desde
FROM (
  SELECT c2.owner_id, c2.id, divida_pendente_desde(c2.owner_id, c2.id, c2.saldo_atual) AS desde
  FROM clientes c2
  WHERE c2.saldo_atual < 0 OR c2.pendente_desde IS NOT NULL
) p
WHERE c.owner_id = p.owner_id AND c.id = p.id AND c.pendente_desde IS DISTINCT FROM p.desde;
