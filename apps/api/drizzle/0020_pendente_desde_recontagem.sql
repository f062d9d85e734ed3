-- clientes.pendente_desde counted again from the sales, for every customer. 0009's backfill ran with
-- FORCE ROW LEVEL SECURITY on: a migrator owning the tables without being a superuser (README,
-- "Running on a PostgreSQL server") saw no sale and no customer, so every debtor it found kept an
-- empty pendente_desde (its due date then read as today) until the customer's next sale or payment.
-- The value is what the ledger's allocation keeps (modules/devedores/pendencia.service.ts): the oldest
-- pending fiado sale. Rows already right are not touched. FORCE is lifted as in 0007.
ALTER TABLE clientes NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE vendas NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE clientes c
SET pendente_desde = p.desde
FROM (
  SELECT c2.owner_id, c2.id,
         (SELECT min(v.data_venda) FROM vendas v
           WHERE v.owner_id = c2.owner_id AND v.cliente_id = c2.id AND v.status_pagamento = 'pendente') AS desde
  FROM clientes c2
) p
WHERE c.owner_id = p.owner_id AND c.id = p.id AND c.pendente_desde IS DISTINCT FROM p.desde;--> statement-breakpoint
ALTER TABLE vendas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes FORCE ROW LEVEL SECURITY;
