-- "Vendas por atendente" (issue 37; docs/decisions/038-equipe.md): sales not cancelled by the person
-- who made them and the UTC hour, kept by triggers on vendas as the other rollups are (deferred to
-- the commit, standing aside while a restore rebuilds them: 0022), and rebuilt by
-- reconstruir_rollups(). Sales without a person (from before 0033) are not counted here.

CREATE TABLE "vendas_por_atendente" (
	"owner_id" text NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"criado_por" text NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	"desconto_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendas_por_atendente_pkey" PRIMARY KEY("owner_id","hora","criado_por")
);
--> statement-breakpoint
ALTER TABLE "vendas_por_atendente" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vendas_por_atendente" ADD CONSTRAINT "vendas_por_atendente_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "vendas_por_atendente_owner" ON "vendas_por_atendente" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON vendas_por_atendente TO app_user;--> statement-breakpoint
ALTER TABLE vendas_por_atendente FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendas_por_atendente_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR TG_OP = 'UPDATE') AND OLD.criado_por IS NOT NULL AND OLD.status_pagamento <> 'cancelado' THEN
    PERFORM rollup_lock(OLD.owner_id);
    UPDATE vendas_por_atendente SET quantidade = quantidade - 1, valor_total = valor_total - OLD.valor_total,
           desconto_total = desconto_total - OLD.desconto_total
     WHERE owner_id = OLD.owner_id AND hora = date_trunc('hour', OLD.data_venda, 'UTC') AND criado_por = OLD.criado_por;
  END IF;
  IF (TG_OP = 'INSERT' OR TG_OP = 'UPDATE') AND NEW.criado_por IS NOT NULL AND NEW.status_pagamento <> 'cancelado' THEN
    PERFORM rollup_lock(NEW.owner_id);
    INSERT INTO vendas_por_atendente AS a (owner_id, hora, criado_por, quantidade, valor_total, desconto_total)
    VALUES (NEW.owner_id, date_trunc('hour', NEW.data_venda, 'UTC'), NEW.criado_por, 1, NEW.valor_total, NEW.desconto_total)
    ON CONFLICT (owner_id, hora, criado_por) DO UPDATE
      SET quantidade = a.quantidade + 1, valor_total = a.valor_total + excluded.valor_total, desconto_total = a.desconto_total + excluded.desconto_total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_por_atendente_insert AFTER INSERT ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.criado_por IS NOT NULL AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_por_atendente_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_por_atendente_update AFTER UPDATE ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.criado_por IS NOT NULL OR NEW.criado_por IS NOT NULL)
        AND (OLD.valor_total IS DISTINCT FROM NEW.valor_total OR OLD.desconto_total IS DISTINCT FROM NEW.desconto_total
          OR OLD.status_pagamento IS DISTINCT FROM NEW.status_pagamento OR OLD.data_venda IS DISTINCT FROM NEW.data_venda
          OR OLD.criado_por IS DISTINCT FROM NEW.criado_por OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
        AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_por_atendente_rollup();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_por_atendente_delete AFTER DELETE ON vendas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.criado_por IS NOT NULL AND current_setting('caderneta.reconstruindo', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION vendas_por_atendente_rollup();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.reconstruir_rollups(dono text)
 RETURNS void
 LANGUAGE plpgsql
 SET enable_nestloop TO 'off'
AS $function$
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
  DELETE FROM vendas_por_atendente WHERE owner_id = dono;
  INSERT INTO vendas_totais (owner_id, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total, desconto_total)
  SELECT owner_id, forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total), sum(desconto_total)
    FROM vendas WHERE owner_id = dono GROUP BY 1, 2, 3;
  INSERT INTO vendas_por_hora (owner_id, hora, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total, desconto_total)
  SELECT owner_id, date_trunc('hour', data_venda, 'UTC'), forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total),
         sum(desconto_total)
    FROM vendas WHERE owner_id = dono GROUP BY 1, 2, 3, 4;
  INSERT INTO vendas_por_atendente (owner_id, hora, criado_por, quantidade, valor_total, desconto_total)
  SELECT owner_id, date_trunc('hour', data_venda, 'UTC'), criado_por, count(*), sum(valor_total), sum(desconto_total)
    FROM vendas WHERE owner_id = dono AND criado_por IS NOT NULL AND status_pagamento <> 'cancelado' GROUP BY 1, 2, 3;
  INSERT INTO pagamentos_por_hora (owner_id, hora, metodo, quantidade, valor)
  SELECT owner_id, date_trunc('hour', created_at, 'UTC'), coalesce(metodo, 'dinheiro'), count(*), sum(valor)
    FROM lancamentos WHERE owner_id = dono AND tipo = 'pagamento' GROUP BY 1, 2, 3;
  INSERT INTO clientes_totais (owner_id, ativo, quantidade, devedores)
  SELECT owner_id, ativo, count(*), count(*) FILTER (WHERE saldo_atual < 0) FROM clientes WHERE owner_id = dono GROUP BY 1, 2;
  INSERT INTO produtos_por_dia (owner_id, dia, produto_id, quantidade, valor_total, custo_total)
  SELECT i.owner_id, (v.data_venda AT TIME ZONE 'UTC')::date, i.produto_id, sum(i.quantidade), sum(i.subtotal), sum(i.custo)
    FROM itens_venda i JOIN vendas v ON v.owner_id = i.owner_id AND v.id = i.venda_id
   WHERE i.owner_id = dono AND v.status_pagamento <> 'cancelado' AND i.produto_id IS NOT NULL GROUP BY 1, 2, 3;
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
$function$;