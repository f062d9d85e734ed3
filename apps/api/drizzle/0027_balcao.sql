-- The counter sells the way a shop sells (issue 35, ADR 031).
-- Units: every product and every line sold so far was counted by the unit; they become "un", and a
-- line's cost is what it always was, quantity × unit cost. A weighed line's cost is rounded to the
-- centavo once, when it is sold (valorDaLinha), and the rollups add up that stored cost.
ALTER TABLE "produtos" ADD COLUMN "unidade" text DEFAULT 'un' NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_unidade_check" CHECK ("produtos"."unidade" in ('un', 'kg', 'g', 'l', 'ml', 'cx', 'pct'));--> statement-breakpoint
ALTER TABLE "itens_venda" ADD COLUMN "unidade" text DEFAULT 'un' NOT NULL;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_unidade_check" CHECK ("itens_venda"."unidade" in ('un', 'kg', 'g', 'l', 'ml', 'cx', 'pct'));--> statement-breakpoint
ALTER TABLE "itens_venda" ADD COLUMN "custo" bigint;--> statement-breakpoint
UPDATE "itens_venda" SET "custo" = "quantidade"::bigint * "custo_unitario";--> statement-breakpoint
ALTER TABLE "itens_venda" ALTER COLUMN "custo" SET NOT NULL;--> statement-breakpoint
-- Loose lines ("avulso"): a sale line without a product — a value and a description, no stock. It
-- counts in the sale's total (and so in every sales rollup) but in no product's row.
ALTER TABLE "itens_venda" ALTER COLUMN "produto_id" DROP NOT NULL;--> statement-breakpoint
-- Scale labels: how the shop's scales print them (the code's digits, the value's kind).
ALTER TABLE "perfis" ADD COLUMN "balanca_digitos_codigo" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "perfis" ADD COLUMN "balanca_valor" text DEFAULT 'preco' NOT NULL;--> statement-breakpoint
ALTER TABLE "perfis" ADD CONSTRAINT "perfis_balanca_digitos_codigo_check" CHECK ("perfis"."balanca_digitos_codigo" between 4 and 6);--> statement-breakpoint
ALTER TABLE "perfis" ADD CONSTRAINT "perfis_balanca_valor_check" CHECK ("perfis"."balanca_valor" in ('preco', 'peso'));--> statement-breakpoint
-- The product rollups add up each line's stored cost, and leave out lines without a product.
CREATE OR REPLACE FUNCTION public.itens_venda_relatorio_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE produtos_por_dia p SET quantidade = p.quantidade - s.quantidade, valor_total = p.valor_total - s.valor_total,
         custo_total = p.custo_total - s.custo_total
    FROM (SELECT a.owner_id, (v.data_venda AT TIME ZONE 'UTC')::date AS dia, a.produto_id, sum(a.quantidade) AS quantidade,
                 sum(a.subtotal) AS valor_total, sum(a.custo) AS custo_total
            FROM antigos a JOIN vendas v ON v.owner_id = a.owner_id AND v.id = a.venda_id
           WHERE v.status_pagamento <> 'cancelado' AND a.produto_id IS NOT NULL
           GROUP BY 1, 2, 3) s
   WHERE p.owner_id = s.owner_id AND p.dia = s.dia AND p.produto_id = s.produto_id;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.itens_venda_relatorio_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO produtos_por_dia AS p (owner_id, dia, produto_id, quantidade, valor_total, custo_total)
  SELECT n.owner_id, (v.data_venda AT TIME ZONE 'UTC')::date, n.produto_id,
         sum(n.quantidade), sum(n.subtotal), sum(n.custo)
    FROM novos n JOIN vendas v ON v.owner_id = n.owner_id AND v.id = n.venda_id
   WHERE v.status_pagamento <> 'cancelado' AND n.produto_id IS NOT NULL
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (owner_id, dia, produto_id) DO UPDATE
    SET quantidade = p.quantidade + excluded.quantidade, valor_total = p.valor_total + excluded.valor_total,
        custo_total = p.custo_total + excluded.custo_total;
  RETURN NULL;
END
$function$;--> statement-breakpoint
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
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.relatorio_itens_da_venda(dono text, venda uuid, quando timestamp with time zone, sinal integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF sinal > 0 THEN
    INSERT INTO produtos_por_dia AS p (owner_id, dia, produto_id, quantidade, valor_total, custo_total)
    SELECT dono, (quando AT TIME ZONE 'UTC')::date, i.produto_id, sum(i.quantidade), sum(i.subtotal), sum(i.custo)
      FROM itens_venda i WHERE i.owner_id = dono AND i.venda_id = venda AND i.produto_id IS NOT NULL
     GROUP BY i.produto_id ORDER BY i.produto_id
    ON CONFLICT (owner_id, dia, produto_id) DO UPDATE
      SET quantidade = p.quantidade + excluded.quantidade, valor_total = p.valor_total + excluded.valor_total,
          custo_total = p.custo_total + excluded.custo_total;
  ELSE
    UPDATE produtos_por_dia p SET quantidade = p.quantidade - s.quantidade, valor_total = p.valor_total - s.valor_total,
           custo_total = p.custo_total - s.custo_total
      FROM (SELECT i.produto_id, sum(i.quantidade) AS quantidade, sum(i.subtotal) AS valor_total,
                   sum(i.custo) AS custo_total
              FROM itens_venda i WHERE i.owner_id = dono AND i.venda_id = venda AND i.produto_id IS NOT NULL GROUP BY i.produto_id) s
     WHERE p.owner_id = dono AND p.dia = (quando AT TIME ZONE 'UTC')::date AND p.produto_id = s.produto_id;
  END IF;
END
$function$;
