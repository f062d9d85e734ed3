-- The reports by the shop's own calendar (docs/decisions/030-reports-by-the-shop-day.md, issue 41):
-- a 365-day report read the hourly rollups, 26,000 rows per period at a million sales, twice. Sales
-- and payments are now also kept by the shop's calendar day (its profile's time zone), and sales not
-- cancelled by its calendar month and hour of the day. A trigger on each hourly table moves the
-- shop day of every changed hourly row in the same statement, so whatever keeps the hours (a sale,
-- its payment or cancellation, a payment, a deletion) keeps the days. A new time zone, a restore or a
-- bulk load rebuilds them from the hours (reconstruir_dias_da_loja). Online refunds get their own
-- small index.

CREATE TABLE "pagamentos_por_dia_da_loja" (
	"owner_id" text NOT NULL,
	"dia" date NOT NULL,
	"metodo" text NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pagamentos_por_dia_da_loja_pkey" PRIMARY KEY("owner_id","dia","metodo")
);
--> statement-breakpoint
ALTER TABLE "pagamentos_por_dia_da_loja" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendas_por_dia_da_loja" (
	"owner_id" text NOT NULL,
	"dia" date NOT NULL,
	"forma_pagamento" text NOT NULL,
	"status_pagamento" text NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	"valor_pago" bigint DEFAULT 0 NOT NULL,
	"custo_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendas_por_dia_da_loja_pkey" PRIMARY KEY("owner_id","dia","forma_pagamento","status_pagamento")
);
--> statement-breakpoint
ALTER TABLE "vendas_por_dia_da_loja" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendas_por_hora_do_mes" (
	"owner_id" text NOT NULL,
	"mes" date NOT NULL,
	"hora" smallint NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	"custo_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendas_por_hora_do_mes_pkey" PRIMARY KEY("owner_id","mes","hora")
);
--> statement-breakpoint
ALTER TABLE "vendas_por_hora_do_mes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pagamentos_por_dia_da_loja" ADD CONSTRAINT "pagamentos_por_dia_da_loja_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas_por_dia_da_loja" ADD CONSTRAINT "vendas_por_dia_da_loja_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas_por_hora_do_mes" ADD CONSTRAINT "vendas_por_hora_do_mes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lancamentos_estornos_online_idx" ON "lancamentos" USING btree ("owner_id","created_at") WHERE "lancamentos"."tipo" = 'estorno' and "lancamentos"."metodo" = 'online';--> statement-breakpoint
CREATE POLICY "pagamentos_por_dia_da_loja_owner" ON "pagamentos_por_dia_da_loja" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "vendas_por_dia_da_loja_owner" ON "vendas_por_dia_da_loja" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "vendas_por_hora_do_mes_owner" ON "vendas_por_hora_do_mes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON vendas_por_dia_da_loja, vendas_por_hora_do_mes, pagamentos_por_dia_da_loja TO app_user;--> statement-breakpoint
ALTER TABLE vendas_por_dia_da_loja FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE vendas_por_hora_do_mes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE pagamentos_por_dia_da_loja FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- The shop's time zone, as shopTimeZone() reads it (src/lib/shop-day.ts).
CREATE FUNCTION fuso_da_loja(dono text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT fuso_horario FROM perfis WHERE owner_id = dono), 'America/Sao_Paulo')
$$;--> statement-breakpoint

-- An hourly row is only ever added to (its key never changes) or deleted. What it gains or loses is
-- added to its shop day (and, for sales not cancelled, to its month and hour). A deleted hourly row
-- only updates its day, never creates one: a cascade that deletes a seller may already have deleted
-- the day, and nothing new may point at what is being deleted (as 0015).
CREATE FUNCTION vendas_por_hora_na_loja() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linha vendas_por_hora;
  sinal int := 1;
  local timestamp;
  q int; v bigint; p bigint; c bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    linha := OLD;
    sinal := -1;
  ELSE
    linha := NEW;
  END IF;
  local := linha.hora AT TIME ZONE fuso_da_loja(linha.owner_id);
  IF TG_OP = 'UPDATE' THEN
    q := NEW.quantidade - OLD.quantidade; v := NEW.valor_total - OLD.valor_total;
    p := NEW.valor_pago - OLD.valor_pago; c := NEW.custo_total - OLD.custo_total;
  ELSE
    q := sinal * linha.quantidade; v := sinal * linha.valor_total; p := sinal * linha.valor_pago; c := sinal * linha.custo_total;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE vendas_por_dia_da_loja d SET quantidade = d.quantidade + q, valor_total = d.valor_total + v, valor_pago = d.valor_pago + p, custo_total = d.custo_total + c
     WHERE d.owner_id = linha.owner_id AND d.dia = local::date AND d.forma_pagamento = linha.forma_pagamento AND d.status_pagamento = linha.status_pagamento;
    IF linha.status_pagamento <> 'cancelado' THEN
      UPDATE vendas_por_hora_do_mes m SET quantidade = m.quantidade + q, valor_total = m.valor_total + v, custo_total = m.custo_total + c
       WHERE m.owner_id = linha.owner_id AND m.mes = date_trunc('month', local)::date AND m.hora = extract(hour FROM local)::smallint;
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO vendas_por_dia_da_loja AS d (owner_id, dia, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
  VALUES (linha.owner_id, local::date, linha.forma_pagamento, linha.status_pagamento, q, v, p, c)
  ON CONFLICT (owner_id, dia, forma_pagamento, status_pagamento) DO UPDATE
    SET quantidade = d.quantidade + excluded.quantidade, valor_total = d.valor_total + excluded.valor_total,
        valor_pago = d.valor_pago + excluded.valor_pago, custo_total = d.custo_total + excluded.custo_total;
  IF linha.status_pagamento <> 'cancelado' THEN
    INSERT INTO vendas_por_hora_do_mes AS m (owner_id, mes, hora, quantidade, valor_total, custo_total)
    VALUES (linha.owner_id, date_trunc('month', local)::date, extract(hour FROM local)::smallint, q, v, c)
    ON CONFLICT (owner_id, mes, hora) DO UPDATE
      SET quantidade = m.quantidade + excluded.quantidade, valor_total = m.valor_total + excluded.valor_total, custo_total = m.custo_total + excluded.custo_total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER vendas_por_hora_na_loja AFTER INSERT OR UPDATE OR DELETE ON vendas_por_hora FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_por_hora_na_loja();--> statement-breakpoint

CREATE FUNCTION pagamentos_por_hora_na_loja() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  local timestamp;
BEGIN
  IF TG_OP = 'DELETE' THEN
    local := OLD.hora AT TIME ZONE fuso_da_loja(OLD.owner_id);
    UPDATE pagamentos_por_dia_da_loja d SET quantidade = d.quantidade - OLD.quantidade, valor = d.valor - OLD.valor
     WHERE d.owner_id = OLD.owner_id AND d.dia = local::date AND d.metodo = OLD.metodo;
    RETURN NULL;
  END IF;
  local := NEW.hora AT TIME ZONE fuso_da_loja(NEW.owner_id);
  INSERT INTO pagamentos_por_dia_da_loja AS d (owner_id, dia, metodo, quantidade, valor)
  VALUES (NEW.owner_id, local::date, NEW.metodo,
          NEW.quantidade - CASE WHEN TG_OP = 'UPDATE' THEN OLD.quantidade ELSE 0 END,
          NEW.valor - CASE WHEN TG_OP = 'UPDATE' THEN OLD.valor ELSE 0 END)
  ON CONFLICT (owner_id, dia, metodo) DO UPDATE SET quantidade = d.quantidade + excluded.quantidade, valor = d.valor + excluded.valor;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER pagamentos_por_hora_na_loja AFTER INSERT OR UPDATE OR DELETE ON pagamentos_por_hora FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION pagamentos_por_hora_na_loja();--> statement-breakpoint

-- A shop's days, months and hours from its hourly rows, in its time zone of now. Runs as its caller:
-- under row-level security, a seller's transaction rebuilds that seller's rows only.
CREATE FUNCTION reconstruir_dias_da_loja(dono text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fuso text := fuso_da_loja(dono);
BEGIN
  PERFORM rollup_lock(dono);
  DELETE FROM vendas_por_dia_da_loja WHERE owner_id = dono;
  DELETE FROM vendas_por_hora_do_mes WHERE owner_id = dono;
  DELETE FROM pagamentos_por_dia_da_loja WHERE owner_id = dono;
  INSERT INTO vendas_por_dia_da_loja (owner_id, dia, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
  SELECT owner_id, (hora AT TIME ZONE fuso)::date, forma_pagamento, status_pagamento, sum(quantidade), sum(valor_total), sum(valor_pago), sum(custo_total)
    FROM vendas_por_hora WHERE owner_id = dono GROUP BY 1, 2, 3, 4;
  INSERT INTO vendas_por_hora_do_mes (owner_id, mes, hora, quantidade, valor_total, custo_total)
  SELECT owner_id, date_trunc('month', hora AT TIME ZONE fuso)::date, extract(hour FROM hora AT TIME ZONE fuso)::smallint,
         sum(quantidade), sum(valor_total), sum(custo_total)
    FROM vendas_por_hora WHERE owner_id = dono AND status_pagamento <> 'cancelado' GROUP BY 1, 2, 3;
  INSERT INTO pagamentos_por_dia_da_loja (owner_id, dia, metodo, quantidade, valor)
  SELECT owner_id, (hora AT TIME ZONE fuso)::date, metodo, sum(quantidade), sum(valor)
    FROM pagamentos_por_hora WHERE owner_id = dono GROUP BY 1, 2, 3;
END
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION reconstruir_dias_da_loja(text) TO app_user;--> statement-breakpoint

-- The shop moves to another time zone (or gets its profile): its days are counted again.
CREATE FUNCTION perfis_fuso_na_loja() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reconstruir_dias_da_loja(NEW.owner_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A restore rebuilds them at its end (reconstruir_rollups).
CREATE TRIGGER perfis_fuso_na_loja_update AFTER UPDATE OF fuso_horario ON perfis FOR EACH ROW
  WHEN (OLD.fuso_horario IS DISTINCT FROM NEW.fuso_horario AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION perfis_fuso_na_loja();--> statement-breakpoint
CREATE TRIGGER perfis_fuso_na_loja_insert AFTER INSERT ON perfis FOR EACH ROW
  WHEN (current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION perfis_fuso_na_loja();--> statement-breakpoint

-- A restore's or a bulk load's rebuild (0022) ends with the shop's days.
CREATE OR REPLACE FUNCTION reconstruir_rollups(dono text) RETURNS void LANGUAGE plpgsql SET enable_nestloop = off AS $$
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
  PERFORM reconstruir_dias_da_loja(dono);
  PERFORM clientes_versao_avanca(dono, EXISTS (SELECT 1 FROM clientes WHERE owner_id = dono));
  PERFORM set_config('caderneta.reconstruindo', coalesce(antes, ''), true);
END
$$;--> statement-breakpoint

-- Backfill every shop from its hourly rows, with FORCE RLS lifted as in 0005 (a migrator that owns
-- the tables without being a superuser would see no rows).
ALTER TABLE vendas_por_hora NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE pagamentos_por_hora NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE perfis NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE vendas_por_dia_da_loja NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE vendas_por_hora_do_mes NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE pagamentos_por_dia_da_loja NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO vendas_por_dia_da_loja (owner_id, dia, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total)
SELECT h.owner_id, (h.hora AT TIME ZONE fuso_da_loja(h.owner_id))::date, h.forma_pagamento, h.status_pagamento,
       sum(h.quantidade), sum(h.valor_total), sum(h.valor_pago), sum(h.custo_total)
  FROM vendas_por_hora h GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO vendas_por_hora_do_mes (owner_id, mes, hora, quantidade, valor_total, custo_total)
SELECT h.owner_id, date_trunc('month', h.hora AT TIME ZONE fuso_da_loja(h.owner_id))::date, extract(hour FROM h.hora AT TIME ZONE fuso_da_loja(h.owner_id))::smallint,
       sum(h.quantidade), sum(h.valor_total), sum(h.custo_total)
  FROM vendas_por_hora h WHERE h.status_pagamento <> 'cancelado' GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO pagamentos_por_dia_da_loja (owner_id, dia, metodo, quantidade, valor)
SELECT h.owner_id, (h.hora AT TIME ZONE fuso_da_loja(h.owner_id))::date, h.metodo, sum(h.quantidade), sum(h.valor)
  FROM pagamentos_por_hora h GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE vendas_por_hora FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE pagamentos_por_hora FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE perfis FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE vendas_por_dia_da_loja FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE vendas_por_hora_do_mes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE pagamentos_por_dia_da_loja FORCE ROW LEVEL SECURITY;