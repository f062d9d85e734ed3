-- Per-product and per-customer daily rollups for the reports (docs/decisions/015-report-rollups.md):
-- grants, FORCE RLS, the triggers that keep them in the same transaction as every sale, its
-- cancellation and its deletion, whichever code path makes them, and a backfill of what exists.
--
-- Unlike the seller-wide counters of 0005 (deferred to commit behind a per-seller lock), these
-- triggers run at once: their rows are per product or per customer and day, and a sale already
-- holds the lock of each product it sells and of its customer (createVenda and cancelVenda lock the
-- customer, then the products in id order) until it commits. Two transactions that write the same
-- rollup row have therefore already queued on the same product or customer row: these rows add no
-- waiting and no new deadlock.

GRANT SELECT, INSERT, UPDATE, DELETE ON produtos_por_dia, clientes_por_dia TO app_user;--> statement-breakpoint
ALTER TABLE produtos_por_dia FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_por_dia FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- Adds (sinal = 1) or takes away (sinal = -1) one sale's items on its UTC day. Taking away only
-- updates existing rows: it never creates a row (a seller's account being deleted must not get
-- new rows that point at it).
CREATE FUNCTION relatorio_itens_da_venda(dono text, venda uuid, quando timestamptz, sinal int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sinal > 0 THEN
    INSERT INTO produtos_por_dia AS p (owner_id, dia, produto_id, quantidade, valor_total, custo_total)
    SELECT dono, (quando AT TIME ZONE 'UTC')::date, i.produto_id, sum(i.quantidade), sum(i.subtotal), sum(i.quantidade::bigint * i.custo_unitario)
      FROM itens_venda i WHERE i.owner_id = dono AND i.venda_id = venda
     GROUP BY i.produto_id ORDER BY i.produto_id
    ON CONFLICT (owner_id, dia, produto_id) DO UPDATE
      SET quantidade = p.quantidade + excluded.quantidade, valor_total = p.valor_total + excluded.valor_total,
          custo_total = p.custo_total + excluded.custo_total;
  ELSE
    UPDATE produtos_por_dia p SET quantidade = p.quantidade - s.quantidade, valor_total = p.valor_total - s.valor_total,
           custo_total = p.custo_total - s.custo_total
      FROM (SELECT i.produto_id, sum(i.quantidade) AS quantidade, sum(i.subtotal) AS valor_total,
                   sum(i.quantidade::bigint * i.custo_unitario) AS custo_total
              FROM itens_venda i WHERE i.owner_id = dono AND i.venda_id = venda GROUP BY i.produto_id) s
     WHERE p.owner_id = dono AND p.dia = (quando AT TIME ZONE 'UTC')::date AND p.produto_id = s.produto_id;
  END IF;
END
$$;--> statement-breakpoint

CREATE FUNCTION relatorio_cliente_da_venda(dono text, cliente uuid, quando timestamptz, valor bigint, sinal int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cliente IS NULL THEN
    RETURN;
  END IF;
  IF sinal > 0 THEN
    INSERT INTO clientes_por_dia AS c (owner_id, dia, cliente_id, quantidade, valor_total)
    VALUES (dono, (quando AT TIME ZONE 'UTC')::date, cliente, 1, valor)
    ON CONFLICT (owner_id, dia, cliente_id) DO UPDATE SET quantidade = c.quantidade + 1, valor_total = c.valor_total + excluded.valor_total;
  ELSE
    UPDATE clientes_por_dia SET quantidade = quantidade - 1, valor_total = valor_total - valor
     WHERE owner_id = dono AND dia = (quando AT TIME ZONE 'UTC')::date AND cliente_id = cliente;
  END IF;
END
$$;--> statement-breakpoint

-- A sale counts while it is not cancelled. Its items arrive after it (itens_venda_relatorio_rollup
-- adds them); a later change of status, date, customer or total moves its whole contribution.
CREATE FUNCTION vendas_relatorio_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status_pagamento <> 'cancelado' THEN
    PERFORM relatorio_itens_da_venda(OLD.owner_id, OLD.id, OLD.data_venda, -1);
    PERFORM relatorio_cliente_da_venda(OLD.owner_id, OLD.cliente_id, OLD.data_venda, OLD.valor_total, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status_pagamento <> 'cancelado' THEN
    IF TG_OP = 'UPDATE' THEN
      PERFORM relatorio_itens_da_venda(NEW.owner_id, NEW.id, NEW.data_venda, 1);
    END IF;
    PERFORM relatorio_cliente_da_venda(NEW.owner_id, NEW.cliente_id, NEW.data_venda, NEW.valor_total, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER vendas_relatorio_insert AFTER INSERT ON vendas FOR EACH ROW EXECUTE FUNCTION vendas_relatorio_rollup();--> statement-breakpoint
CREATE TRIGGER vendas_relatorio_update AFTER UPDATE ON vendas FOR EACH ROW
  WHEN ((OLD.status_pagamento = 'cancelado') IS DISTINCT FROM (NEW.status_pagamento = 'cancelado')
        OR OLD.data_venda IS DISTINCT FROM NEW.data_venda OR OLD.cliente_id IS DISTINCT FROM NEW.cliente_id
        OR OLD.valor_total IS DISTINCT FROM NEW.valor_total OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION vendas_relatorio_rollup();--> statement-breakpoint
-- BEFORE: the items go with the sale (ON DELETE CASCADE), so they are read while they are still there.
CREATE TRIGGER vendas_relatorio_delete BEFORE DELETE ON vendas FOR EACH ROW EXECUTE FUNCTION vendas_relatorio_rollup();--> statement-breakpoint

-- Items: one statement per sale (createVenda inserts them together), so one grouped upsert per sale.
CREATE FUNCTION itens_venda_relatorio_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO produtos_por_dia AS p (owner_id, dia, produto_id, quantidade, valor_total, custo_total)
  SELECT n.owner_id, (v.data_venda AT TIME ZONE 'UTC')::date, n.produto_id,
         sum(n.quantidade), sum(n.subtotal), sum(n.quantidade::bigint * n.custo_unitario)
    FROM novos n JOIN vendas v ON v.owner_id = n.owner_id AND v.id = n.venda_id
   WHERE v.status_pagamento <> 'cancelado'
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (owner_id, dia, produto_id) DO UPDATE
    SET quantidade = p.quantidade + excluded.quantidade, valor_total = p.valor_total + excluded.valor_total,
        custo_total = p.custo_total + excluded.custo_total;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER itens_venda_relatorio_insert AFTER INSERT ON itens_venda REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION itens_venda_relatorio_insert();--> statement-breakpoint

-- Items removed on their own (a sale's deletion has already taken its items away: its row is gone
-- by the time the cascade deletes them, so the join finds nothing).
CREATE FUNCTION itens_venda_relatorio_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE produtos_por_dia p SET quantidade = p.quantidade - s.quantidade, valor_total = p.valor_total - s.valor_total,
         custo_total = p.custo_total - s.custo_total
    FROM (SELECT a.owner_id, (v.data_venda AT TIME ZONE 'UTC')::date AS dia, a.produto_id, sum(a.quantidade) AS quantidade,
                 sum(a.subtotal) AS valor_total, sum(a.quantidade::bigint * a.custo_unitario) AS custo_total
            FROM antigos a JOIN vendas v ON v.owner_id = a.owner_id AND v.id = a.venda_id
           WHERE v.status_pagamento <> 'cancelado'
           GROUP BY 1, 2, 3) s
   WHERE p.owner_id = s.owner_id AND p.dia = s.dia AND p.produto_id = s.produto_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER itens_venda_relatorio_delete AFTER DELETE ON itens_venda REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION itens_venda_relatorio_delete();--> statement-breakpoint

-- Backfill what exists. FORCE RLS would hide every row from a migrator that owns the tables
-- without being a superuser, so it is lifted for the backfill and put back (as in 0005).
ALTER TABLE vendas NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE itens_venda NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE produtos_por_dia NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_por_dia NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO produtos_por_dia (owner_id, dia, produto_id, quantidade, valor_total, custo_total)
SELECT i.owner_id, (v.data_venda AT TIME ZONE 'UTC')::date, i.produto_id, sum(i.quantidade), sum(i.subtotal), sum(i.quantidade::bigint * i.custo_unitario)
  FROM itens_venda i JOIN vendas v ON v.owner_id = i.owner_id AND v.id = i.venda_id
 WHERE v.status_pagamento <> 'cancelado'
 GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO clientes_por_dia (owner_id, dia, cliente_id, quantidade, valor_total)
SELECT owner_id, (data_venda AT TIME ZONE 'UTC')::date, cliente_id, count(*), sum(valor_total)
  FROM vendas WHERE cliente_id IS NOT NULL AND status_pagamento <> 'cancelado'
 GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE vendas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE itens_venda FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE produtos_por_dia FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_por_dia FORCE ROW LEVEL SECURITY;
