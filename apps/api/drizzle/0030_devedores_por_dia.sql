-- Debts by due day (issue 41; docs/decisions/036-debts-by-due-day.md). Devedores' cards and the
-- dashboard grouped every debtor by what their due date depends on (the agreed date and the shop's
-- day the oldest open debt started) on each request: about 5,000 index entries for a shop of 5,000
-- debtors. The groups are now kept in devedores_por_dia, by deferred triggers on clientes like
-- clientes_totais (0005, 0022): a change of balance, debt start, agreed date or active flag of a
-- customer who owes or owed moves them from their group to their new one, at commit, under the
-- shop's rollup lock. A new time zone, a restore or a bulk load rebuilds them from the customers
-- (reconstruir_dias_da_loja, which those already call). A group without an agreed date, or (never
-- seen: a debt has a start) without a day, keeps 'infinity' there, so every column is in the key. No transaction both changes a customer and
-- the shop's time zone (a customer change queued before such a rebuild would count twice). A later
-- migration that changes customers' balances, debt starts, agreed dates or active flags as a
-- migrator bound by FORCE ROW LEVEL SECURITY lifts it on devedores_por_dia and perfis too, as this
-- one does for its backfill.
--
-- clientes_promessa_idx: the debtors with a promise to pay, so Devedores' first page reads the few
-- broken promises, then the others in clientes_devedores_idx's order, about a page of rows.

CREATE TABLE "devedores_por_dia" (
	"owner_id" text NOT NULL,
	"ativo" boolean NOT NULL,
	"combinado" date NOT NULL,
	"dia" date NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "devedores_por_dia_pkey" PRIMARY KEY("owner_id","ativo","combinado","dia")
);
--> statement-breakpoint
ALTER TABLE "devedores_por_dia" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "devedores_por_dia" ADD CONSTRAINT "devedores_por_dia_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clientes_promessa_idx" ON "clientes" USING btree ("owner_id","promessa_pagamento") WHERE "clientes"."saldo_atual" < 0 and "clientes"."promessa_pagamento" is not null;--> statement-breakpoint
CREATE POLICY "devedores_por_dia_owner" ON "devedores_por_dia" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON devedores_por_dia TO app_user;--> statement-breakpoint
ALTER TABLE devedores_por_dia FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- The shop's day of a debt start, as devedores.sql.ts reads it ('infinity' for none).
CREATE FUNCTION dia_da_divida(dono text, pendente_desde timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT coalesce((pendente_desde AT TIME ZONE fuso_da_loja(dono))::date, 'infinity')
$$;--> statement-breakpoint

CREATE FUNCTION devedores_por_dia_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  restam int;
  dia_antigo date;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.saldo_atual < 0 THEN
    PERFORM rollup_lock(OLD.owner_id);
    dia_antigo := dia_da_divida(OLD.owner_id, OLD.pendente_desde);
    UPDATE devedores_por_dia SET quantidade = quantidade - 1, valor = valor + OLD.saldo_atual
     WHERE owner_id = OLD.owner_id AND ativo = OLD.ativo
       AND combinado = coalesce(OLD.data_vencimento, 'infinity') AND dia = dia_antigo
    RETURNING quantidade INTO restam;
    IF restam = 0 THEN
      DELETE FROM devedores_por_dia
       WHERE owner_id = OLD.owner_id AND ativo = OLD.ativo
         AND combinado = coalesce(OLD.data_vencimento, 'infinity') AND dia = dia_antigo AND quantidade = 0;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.saldo_atual < 0 THEN
    PERFORM rollup_lock(NEW.owner_id);
    INSERT INTO devedores_por_dia AS g (owner_id, ativo, combinado, dia, quantidade, valor)
    VALUES (NEW.owner_id, NEW.ativo, coalesce(NEW.data_vencimento, 'infinity'), dia_da_divida(NEW.owner_id, NEW.pendente_desde), 1, -NEW.saldo_atual)
    ON CONFLICT (owner_id, ativo, combinado, dia) DO UPDATE SET quantidade = g.quantidade + 1, valor = g.valor + excluded.valor;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER devedores_por_dia_insert AFTER INSERT ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.saldo_atual < 0 AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION devedores_por_dia_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER devedores_por_dia_update AFTER UPDATE ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.saldo_atual < 0 OR NEW.saldo_atual < 0)
        AND (OLD.saldo_atual, OLD.ativo, OLD.pendente_desde, OLD.data_vencimento, OLD.owner_id)
            IS DISTINCT FROM (NEW.saldo_atual, NEW.ativo, NEW.pendente_desde, NEW.data_vencimento, NEW.owner_id)
        AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION devedores_por_dia_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER devedores_por_dia_delete AFTER DELETE ON clientes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.saldo_atual < 0 AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION devedores_por_dia_rollup();--> statement-breakpoint

-- 0028's rebuild of the shop's days, now with its debts by due day.
CREATE OR REPLACE FUNCTION reconstruir_dias_da_loja(dono text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fuso text := fuso_da_loja(dono);
BEGIN
  PERFORM rollup_lock(dono);
  DELETE FROM vendas_por_dia_da_loja WHERE owner_id = dono;
  DELETE FROM vendas_por_hora_do_mes WHERE owner_id = dono;
  DELETE FROM pagamentos_por_dia_da_loja WHERE owner_id = dono;
  DELETE FROM devedores_por_dia WHERE owner_id = dono;
  INSERT INTO vendas_por_dia_da_loja (owner_id, dia, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total, desconto_total)
  SELECT owner_id, (hora AT TIME ZONE fuso)::date, forma_pagamento, status_pagamento, sum(quantidade), sum(valor_total), sum(valor_pago), sum(custo_total),
         sum(desconto_total)
    FROM vendas_por_hora WHERE owner_id = dono GROUP BY 1, 2, 3, 4;
  INSERT INTO vendas_por_hora_do_mes (owner_id, mes, hora, quantidade, valor_total, custo_total)
  SELECT owner_id, date_trunc('month', hora AT TIME ZONE fuso)::date, extract(hour FROM hora AT TIME ZONE fuso)::smallint,
         sum(quantidade), sum(valor_total), sum(custo_total)
    FROM vendas_por_hora WHERE owner_id = dono AND status_pagamento <> 'cancelado' GROUP BY 1, 2, 3;
  INSERT INTO pagamentos_por_dia_da_loja (owner_id, dia, metodo, quantidade, valor)
  SELECT owner_id, (hora AT TIME ZONE fuso)::date, metodo, sum(quantidade), sum(valor)
    FROM pagamentos_por_hora WHERE owner_id = dono GROUP BY 1, 2, 3;
  INSERT INTO devedores_por_dia (owner_id, ativo, combinado, dia, quantidade, valor)
  SELECT owner_id, ativo, coalesce(data_vencimento, 'infinity'), coalesce((pendente_desde AT TIME ZONE fuso)::date, 'infinity'), count(*), sum(-saldo_atual)
    FROM clientes WHERE owner_id = dono AND saldo_atual < 0 GROUP BY 1, 2, 3, 4;
END
$$;--> statement-breakpoint

-- Backfill every shop, with FORCE RLS lifted as in 0025.
ALTER TABLE clientes NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE perfis NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE devedores_por_dia NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO devedores_por_dia (owner_id, ativo, combinado, dia, quantidade, valor)
SELECT owner_id, ativo, coalesce(data_vencimento, 'infinity'), dia_da_divida(owner_id, pendente_desde), count(*), sum(-saldo_atual)
  FROM clientes WHERE saldo_atual < 0 GROUP BY 1, 2, 3, 4;--> statement-breakpoint
ALTER TABLE clientes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE perfis FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE devedores_por_dia FORCE ROW LEVEL SECURITY;
