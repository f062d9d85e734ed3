-- Counters and hourly rollups of sales, payments and customers (docs/decisions/011-sales-rollups.md),
-- trigram search, and their grants. Triggers keep the rollups in the same transaction as every
-- write to vendas, lancamentos and clientes, whichever code path makes it.

-- Trigram indexes serve ILIKE/LIKE '%term%' (pg_trgm is a trusted extension: the database owner
-- may create it; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX clientes_nome_trgm_idx ON clientes USING gin (nome_busca gin_trgm_ops);--> statement-breakpoint
CREATE INDEX clientes_telefone_trgm_idx ON clientes USING gin (telefone gin_trgm_ops);--> statement-breakpoint
-- Customers still without a public login (filled in by the list, a batch at a time): found without a scan.
CREATE INDEX clientes_sem_login_idx ON clientes (owner_id) WHERE login IS NULL;--> statement-breakpoint
CREATE INDEX vendas_numero_trgm_idx ON vendas USING gin (lower(numero_venda) gin_trgm_ops);--> statement-breakpoint
-- The same expression as unaccentLower() in src/lib/sql.ts, so the search can use it.
CREATE INDEX vendas_observacoes_trgm_idx ON vendas USING gin (
  translate(lower(coalesce(observacoes, '')), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn') gin_trgm_ops
) WHERE observacoes IS NOT NULL;--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE, DELETE ON vendas_totais, vendas_por_hora, pagamentos_por_hora, clientes_totais TO app_user;--> statement-breakpoint
ALTER TABLE vendas_totais FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE vendas_por_hora FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE pagamentos_por_hora FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_totais FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- Backfill what exists. FORCE RLS would hide every row from a migrator that owns the tables
-- without being a superuser, so it is lifted for the backfill and put back.
ALTER TABLE vendas NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE itens_venda NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lancamentos NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE vendas v SET custo_total = s.custo
FROM (SELECT owner_id, venda_id, sum(quantidade::bigint * custo_unitario) AS custo FROM itens_venda GROUP BY owner_id, venda_id) s
WHERE v.owner_id = s.owner_id AND v.id = s.venda_id;--> statement-breakpoint
INSERT INTO vendas_totais (owner_id, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
SELECT owner_id, forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total)
FROM vendas GROUP BY owner_id, forma_pagamento, status_pagamento;--> statement-breakpoint
INSERT INTO vendas_por_hora (owner_id, hora, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
SELECT owner_id, date_trunc('hour', data_venda, 'UTC'), forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total)
FROM vendas GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO pagamentos_por_hora (owner_id, hora, metodo, quantidade, valor)
SELECT owner_id, date_trunc('hour', created_at, 'UTC'), coalesce(metodo, 'dinheiro'), count(*), sum(valor)
FROM lancamentos WHERE tipo = 'pagamento' GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO clientes_totais (owner_id, ativo, quantidade, devedores)
SELECT owner_id, ativo, count(*), count(*) FILTER (WHERE saldo_atual < 0) FROM clientes GROUP BY owner_id, ativo;--> statement-breakpoint
ALTER TABLE vendas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE itens_venda FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lancamentos FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- Every rollup trigger below is a constraint trigger DEFERRED to commit: a sale holds the
-- seller's counter rows only while it commits, not while it locks stock and posts to the ledger.
-- Each first takes a per-seller transaction advisory lock, so committing transactions of one
-- seller update counters one after the other, always after that lock, and never deadlock on them.
CREATE FUNCTION rollup_lock(owner text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(727272002, hashtext(owner))
$$;--> statement-breakpoint

CREATE FUNCTION vendas_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock(OLD.owner_id);
    UPDATE vendas_totais SET quantidade = quantidade - 1, valor_total = valor_total - OLD.valor_total,
           valor_pago = valor_pago - OLD.valor_pago, custo_total = custo_total - OLD.custo_total
     WHERE owner_id = OLD.owner_id AND forma_pagamento = OLD.forma_pagamento AND status_pagamento = OLD.status_pagamento;
    UPDATE vendas_por_hora SET quantidade = quantidade - 1, valor_total = valor_total - OLD.valor_total,
           valor_pago = valor_pago - OLD.valor_pago, custo_total = custo_total - OLD.custo_total
     WHERE owner_id = OLD.owner_id AND hora = date_trunc('hour', OLD.data_venda, 'UTC')
       AND forma_pagamento = OLD.forma_pagamento AND status_pagamento = OLD.status_pagamento;
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock(NEW.owner_id);
    INSERT INTO vendas_totais AS t (owner_id, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
    VALUES (NEW.owner_id, NEW.forma_pagamento, NEW.status_pagamento, 1, NEW.valor_total, NEW.valor_pago, NEW.custo_total)
    ON CONFLICT (owner_id, forma_pagamento, status_pagamento) DO UPDATE
      SET quantidade = t.quantidade + 1, valor_total = t.valor_total + excluded.valor_total,
          valor_pago = t.valor_pago + excluded.valor_pago, custo_total = t.custo_total + excluded.custo_total;
    INSERT INTO vendas_por_hora AS h (owner_id, hora, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
    VALUES (NEW.owner_id, date_trunc('hour', NEW.data_venda, 'UTC'), NEW.forma_pagamento, NEW.status_pagamento, 1,
            NEW.valor_total, NEW.valor_pago, NEW.custo_total)
    ON CONFLICT (owner_id, hora, forma_pagamento, status_pagamento) DO UPDATE
      SET quantidade = h.quantidade + 1, valor_total = h.valor_total + excluded.valor_total,
          valor_pago = h.valor_pago + excluded.valor_pago, custo_total = h.custo_total + excluded.custo_total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_rollup_insert AFTER INSERT ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION vendas_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_rollup_update AFTER UPDATE ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.valor_total IS DISTINCT FROM NEW.valor_total OR OLD.valor_pago IS DISTINCT FROM NEW.valor_pago
        OR OLD.custo_total IS DISTINCT FROM NEW.custo_total OR OLD.status_pagamento IS DISTINCT FROM NEW.status_pagamento
        OR OLD.forma_pagamento IS DISTINCT FROM NEW.forma_pagamento OR OLD.data_venda IS DISTINCT FROM NEW.data_venda
        OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION vendas_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_rollup_delete AFTER DELETE ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION vendas_rollup();--> statement-breakpoint

CREATE FUNCTION pagamentos_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM rollup_lock(OLD.owner_id);
    UPDATE pagamentos_por_hora SET quantidade = quantidade - 1, valor = valor - OLD.valor
     WHERE owner_id = OLD.owner_id AND hora = date_trunc('hour', OLD.created_at, 'UTC') AND metodo = coalesce(OLD.metodo, 'dinheiro');
  ELSE
    PERFORM rollup_lock(NEW.owner_id);
    INSERT INTO pagamentos_por_hora AS p (owner_id, hora, metodo, quantidade, valor)
    VALUES (NEW.owner_id, date_trunc('hour', NEW.created_at, 'UTC'), coalesce(NEW.metodo, 'dinheiro'), 1, NEW.valor)
    ON CONFLICT (owner_id, hora, metodo) DO UPDATE SET quantidade = p.quantidade + 1, valor = p.valor + excluded.valor;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Ledger entries are never edited; only inserts (and a seller's account deletion) reach here.
CREATE CONSTRAINT TRIGGER pagamentos_rollup_insert AFTER INSERT ON lancamentos
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.tipo = 'pagamento') EXECUTE FUNCTION pagamentos_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pagamentos_rollup_delete AFTER DELETE ON lancamentos
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.tipo = 'pagamento') EXECUTE FUNCTION pagamentos_rollup();--> statement-breakpoint

CREATE FUNCTION clientes_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock(OLD.owner_id);
    UPDATE clientes_totais SET quantidade = quantidade - 1, devedores = devedores - (OLD.saldo_atual < 0)::int
     WHERE owner_id = OLD.owner_id AND ativo = OLD.ativo;
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock(NEW.owner_id);
    INSERT INTO clientes_totais AS c (owner_id, ativo, quantidade, devedores)
    VALUES (NEW.owner_id, NEW.ativo, 1, (NEW.saldo_atual < 0)::int)
    ON CONFLICT (owner_id, ativo) DO UPDATE SET quantidade = c.quantidade + 1, devedores = c.devedores + excluded.devedores;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clientes_rollup_insert AFTER INSERT ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clientes_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clientes_rollup_update AFTER UPDATE ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.ativo IS DISTINCT FROM NEW.ativo OR (OLD.saldo_atual < 0) IS DISTINCT FROM (NEW.saldo_atual < 0)
        OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION clientes_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clientes_rollup_delete AFTER DELETE ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION clientes_rollup();
