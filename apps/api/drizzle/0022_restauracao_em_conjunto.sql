-- Replacing a whole shop in one statement per table (issue 32: a restore into a shop of 100,000
-- customers never finished). Three things made it quadratic, and each is undone here:
--  1. every deleted or inserted row ran the rollups' triggers, which update the same few counter
--     rows once per row (clientes_totais once per customer: each update walks the versions the
--     transaction already wrote). While `caderneta.reconstruindo` is 'on' in a transaction the
--     triggers stand aside, and reconstruir_rollups() rebuilds the shop's rollups once, from its
--     rows, as migrations 0005, 0007 and 0015 backfill them.
--  2. deleting a sale checks that no ledger entry points at it (lancamentos_venda_fk), and deleting
--     a product or a customer cascades to its report rows (by day and by month): without an index
--     on those foreign keys, each check read all of the shop's entries, days or months. Now each
--     reads its own.
--
-- logins_clientes: a retired code (regenerated, its customer deleted or replaced by a restore)
-- keeps its row with no customer, so the code stays its shop's and is never handed to another shop
-- (a customer still has one live code: the unique (owner_id, cliente_id) lets many nulls through).

ALTER TABLE "logins_clientes" ALTER COLUMN "cliente_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "lancamentos_venda_idx" ON "lancamentos" USING btree ("owner_id","venda_id") WHERE "lancamentos"."venda_id" is not null;--> statement-breakpoint
CREATE INDEX "clientes_por_dia_cliente_idx" ON "clientes_por_dia" USING btree ("owner_id","cliente_id");--> statement-breakpoint
CREATE INDEX "clientes_por_mes_cliente_idx" ON "clientes_por_mes" USING btree ("owner_id","cliente_id");--> statement-breakpoint
CREATE INDEX "produtos_por_dia_produto_idx" ON "produtos_por_dia" USING btree ("owner_id","produto_id");--> statement-breakpoint
CREATE INDEX "produtos_por_mes_produto_idx" ON "produtos_por_mes" USING btree ("owner_id","produto_id");
--> statement-breakpoint

-- 1. The triggers of 0005, 0007 and 0015, again, each with one more condition.
DROP TRIGGER vendas_rollup_insert ON vendas;--> statement-breakpoint
DROP TRIGGER vendas_rollup_update ON vendas;--> statement-breakpoint
DROP TRIGGER vendas_rollup_delete ON vendas;--> statement-breakpoint
DROP TRIGGER pagamentos_rollup_insert ON lancamentos;--> statement-breakpoint
DROP TRIGGER pagamentos_rollup_delete ON lancamentos;--> statement-breakpoint
DROP TRIGGER clientes_rollup_insert ON clientes;--> statement-breakpoint
DROP TRIGGER clientes_rollup_update ON clientes;--> statement-breakpoint
DROP TRIGGER clientes_rollup_delete ON clientes;--> statement-breakpoint
DROP TRIGGER vendas_relatorio_insert ON vendas;--> statement-breakpoint
DROP TRIGGER vendas_relatorio_update ON vendas;--> statement-breakpoint
DROP TRIGGER vendas_relatorio_delete ON vendas;--> statement-breakpoint
DROP TRIGGER itens_venda_relatorio_insert ON itens_venda;--> statement-breakpoint
DROP TRIGGER itens_venda_relatorio_delete ON itens_venda;--> statement-breakpoint
DROP TRIGGER produtos_por_dia_no_mes ON produtos_por_dia;--> statement-breakpoint
DROP TRIGGER clientes_por_dia_no_mes ON clientes_por_dia;--> statement-breakpoint

CREATE CONSTRAINT TRIGGER vendas_rollup_insert AFTER INSERT ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_rollup_update AFTER UPDATE ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.valor_total IS DISTINCT FROM NEW.valor_total OR OLD.valor_pago IS DISTINCT FROM NEW.valor_pago
        OR OLD.custo_total IS DISTINCT FROM NEW.custo_total OR OLD.status_pagamento IS DISTINCT FROM NEW.status_pagamento
        OR OLD.forma_pagamento IS DISTINCT FROM NEW.forma_pagamento OR OLD.data_venda IS DISTINCT FROM NEW.data_venda
        OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
        AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_rollup_delete AFTER DELETE ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pagamentos_rollup_insert AFTER INSERT ON lancamentos
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.tipo = 'pagamento' AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION pagamentos_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pagamentos_rollup_delete AFTER DELETE ON lancamentos
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.tipo = 'pagamento' AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION pagamentos_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clientes_rollup_insert AFTER INSERT ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION clientes_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clientes_rollup_update AFTER UPDATE ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.ativo IS DISTINCT FROM NEW.ativo OR (OLD.saldo_atual < 0) IS DISTINCT FROM (NEW.saldo_atual < 0)
        OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
        AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION clientes_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clientes_rollup_delete AFTER DELETE ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION clientes_rollup();--> statement-breakpoint
CREATE TRIGGER vendas_relatorio_insert AFTER INSERT ON vendas FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_relatorio_rollup();--> statement-breakpoint
CREATE TRIGGER vendas_relatorio_update AFTER UPDATE ON vendas FOR EACH ROW
  WHEN (((OLD.status_pagamento = 'cancelado') IS DISTINCT FROM (NEW.status_pagamento = 'cancelado')
        OR OLD.data_venda IS DISTINCT FROM NEW.data_venda OR OLD.cliente_id IS DISTINCT FROM NEW.cliente_id
        OR OLD.valor_total IS DISTINCT FROM NEW.valor_total OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
        AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_relatorio_rollup();--> statement-breakpoint
CREATE TRIGGER vendas_relatorio_delete BEFORE DELETE ON vendas FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_relatorio_rollup();--> statement-breakpoint
CREATE TRIGGER itens_venda_relatorio_insert AFTER INSERT ON itens_venda REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION itens_venda_relatorio_insert();--> statement-breakpoint
CREATE TRIGGER itens_venda_relatorio_delete AFTER DELETE ON itens_venda REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION itens_venda_relatorio_delete();--> statement-breakpoint
CREATE TRIGGER produtos_por_dia_no_mes AFTER INSERT OR UPDATE OR DELETE ON produtos_por_dia FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION produtos_por_dia_no_mes();--> statement-breakpoint
CREATE TRIGGER clientes_por_dia_no_mes AFTER INSERT OR UPDATE OR DELETE ON clientes_por_dia FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION clientes_por_dia_no_mes();--> statement-breakpoint

-- A shop's rollups from its rows, once: its counters (0005), its reports' days (0007) and months
-- (0015), and its customer search's version (0021). Runs with the triggers standing aside (its own
-- inserts must not be counted twice) and leaves the setting as it found it. Runs as its caller:
-- under row-level security, a seller's transaction rebuilds that seller's rows only.
CREATE FUNCTION reconstruir_rollups(dono text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  antes text := current_setting('caderneta.reconstruindo', true);
BEGIN
  PERFORM set_config('caderneta.reconstruindo', 'on', true);
  PERFORM rollup_lock(dono);
  DELETE FROM vendas_totais WHERE owner_id = dono;
  DELETE FROM vendas_por_hora WHERE owner_id = dono;
  DELETE FROM pagamentos_por_hora WHERE owner_id = dono;
  DELETE FROM clientes_totais WHERE owner_id = dono;
  DELETE FROM produtos_por_mes WHERE owner_id = dono;
  DELETE FROM clientes_por_mes WHERE owner_id = dono;
  DELETE FROM produtos_por_dia WHERE owner_id = dono;
  DELETE FROM clientes_por_dia WHERE owner_id = dono;
  INSERT INTO vendas_totais (owner_id, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
  SELECT owner_id, forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total)
    FROM vendas WHERE owner_id = dono GROUP BY 1, 2, 3;
  INSERT INTO vendas_por_hora (owner_id, hora, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
  SELECT owner_id, date_trunc('hour', data_venda, 'UTC'), forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total)
    FROM vendas WHERE owner_id = dono GROUP BY 1, 2, 3, 4;
  INSERT INTO pagamentos_por_hora (owner_id, hora, metodo, quantidade, valor)
  SELECT owner_id, date_trunc('hour', created_at, 'UTC'), coalesce(metodo, 'dinheiro'), count(*), sum(valor)
    FROM lancamentos WHERE owner_id = dono AND tipo = 'pagamento' GROUP BY 1, 2, 3;
  INSERT INTO clientes_totais (owner_id, ativo, quantidade, devedores)
  SELECT owner_id, ativo, count(*), count(*) FILTER (WHERE saldo_atual < 0) FROM clientes WHERE owner_id = dono GROUP BY 1, 2;
  INSERT INTO produtos_por_dia (owner_id, dia, produto_id, quantidade, valor_total, custo_total)
  SELECT i.owner_id, (v.data_venda AT TIME ZONE 'UTC')::date, i.produto_id, sum(i.quantidade), sum(i.subtotal), sum(i.quantidade::bigint * i.custo_unitario)
    FROM itens_venda i JOIN vendas v ON v.owner_id = i.owner_id AND v.id = i.venda_id
   WHERE i.owner_id = dono AND v.status_pagamento <> 'cancelado' GROUP BY 1, 2, 3;
  INSERT INTO clientes_por_dia (owner_id, dia, cliente_id, quantidade, valor_total)
  SELECT owner_id, (data_venda AT TIME ZONE 'UTC')::date, cliente_id, count(*), sum(valor_total)
    FROM vendas WHERE owner_id = dono AND cliente_id IS NOT NULL AND status_pagamento <> 'cancelado' GROUP BY 1, 2, 3;
  INSERT INTO produtos_por_mes (owner_id, mes, produto_id, quantidade, valor_total, custo_total)
  SELECT owner_id, date_trunc('month', dia::timestamp)::date, produto_id, sum(quantidade), sum(valor_total), sum(custo_total)
    FROM produtos_por_dia WHERE owner_id = dono GROUP BY 1, 2, 3;
  INSERT INTO clientes_por_mes (owner_id, mes, cliente_id, quantidade, valor_total)
  SELECT owner_id, date_trunc('month', dia::timestamp)::date, cliente_id, sum(quantidade), sum(valor_total)
    FROM clientes_por_dia WHERE owner_id = dono GROUP BY 1, 2, 3;
  PERFORM clientes_versao_avanca(dono, EXISTS (SELECT 1 FROM clientes WHERE owner_id = dono));
  PERFORM set_config('caderneta.reconstruindo', coalesce(antes, ''), true);
END
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION reconstruir_rollups(text) TO app_user;
