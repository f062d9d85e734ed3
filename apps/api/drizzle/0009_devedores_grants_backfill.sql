-- Collection tables are seller-owned: app_user may use them, only on the seller's own rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON cobranca_config, lembretes TO app_user;--> statement-breakpoint
ALTER TABLE cobranca_config FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lembretes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- clientes.pendente_desde for the data that existed before it: the oldest pending fiado sale. From
-- here on the ledger's allocation keeps it in the same transaction as every entry.
UPDATE clientes c
SET pendente_desde = p.desde
FROM (
  SELECT owner_id, cliente_id, min(data_venda) AS desde
  FROM vendas
  WHERE status_pagamento = 'pendente' AND cliente_id IS NOT NULL
  GROUP BY owner_id, cliente_id
) p
WHERE c.owner_id = p.owner_id AND c.id = p.cliente_id;
