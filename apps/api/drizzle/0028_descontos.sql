-- Discounts at the counter (issue 35, part 3; docs/decisions/032-discounts.md). A line keeps its own
-- discount, its share of the sale's discount and the catalogue price when the counter sold at another;
-- its subtotal is what it sold for, so the lines still add up to the sale and the product rollups
-- count what came in. A sale keeps its own discount and everything its discounts took off
-- (desconto_total), which the sales rollups add up for "Descontos concedidos". Sales sold before have
-- no discount: every new column starts at 0 or null. A sale is never edited after it is written, so
-- desconto_total only arrives with an insert (and leaves with a delete).
ALTER TABLE "itens_venda" ADD COLUMN "preco_tabela" bigint;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD COLUMN "desconto" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD COLUMN "desconto_percentual" smallint;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD COLUMN "desconto_rateado" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "desconto" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "desconto_percentual" smallint;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "desconto_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas_por_dia_da_loja" ADD COLUMN "desconto_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas_por_hora" ADD COLUMN "desconto_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas_totais" ADD COLUMN "desconto_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_desconto_check" CHECK ("itens_venda"."desconto" >= 0 AND "itens_venda"."desconto_rateado" >= 0 AND "itens_venda"."subtotal" >= 0);--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_desconto_percentual_check" CHECK ("itens_venda"."desconto_percentual" between 1 and 100);--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_desconto_check" CHECK ("vendas"."desconto" >= 0 AND "vendas"."desconto_total" >= "vendas"."desconto");--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_desconto_percentual_check" CHECK ("vendas"."desconto_percentual" between 1 and 100);--> statement-breakpoint
-- The sales rollups add up the discounts as they add up the totals.
CREATE OR REPLACE FUNCTION vendas_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock(OLD.owner_id);
    UPDATE vendas_totais SET quantidade = quantidade - 1, valor_total = valor_total - OLD.valor_total,
           valor_pago = valor_pago - OLD.valor_pago, custo_total = custo_total - OLD.custo_total,
           desconto_total = desconto_total - OLD.desconto_total
     WHERE owner_id = OLD.owner_id AND forma_pagamento = OLD.forma_pagamento AND status_pagamento = OLD.status_pagamento;
    UPDATE vendas_por_hora SET quantidade = quantidade - 1, valor_total = valor_total - OLD.valor_total,
           valor_pago = valor_pago - OLD.valor_pago, custo_total = custo_total - OLD.custo_total,
           desconto_total = desconto_total - OLD.desconto_total
     WHERE owner_id = OLD.owner_id AND hora = date_trunc('hour', OLD.data_venda, 'UTC')
       AND forma_pagamento = OLD.forma_pagamento AND status_pagamento = OLD.status_pagamento;
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock(NEW.owner_id);
    INSERT INTO vendas_totais AS t (owner_id, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total, desconto_total)
    VALUES (NEW.owner_id, NEW.forma_pagamento, NEW.status_pagamento, 1, NEW.valor_total, NEW.valor_pago, NEW.custo_total, NEW.desconto_total)
    ON CONFLICT (owner_id, forma_pagamento, status_pagamento) DO UPDATE
      SET quantidade = t.quantidade + 1, valor_total = t.valor_total + excluded.valor_total,
          valor_pago = t.valor_pago + excluded.valor_pago, custo_total = t.custo_total + excluded.custo_total,
          desconto_total = t.desconto_total + excluded.desconto_total;
    INSERT INTO vendas_por_hora AS h (owner_id, hora, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total, desconto_total)
    VALUES (NEW.owner_id, date_trunc('hour', NEW.data_venda, 'UTC'), NEW.forma_pagamento, NEW.status_pagamento, 1,
            NEW.valor_total, NEW.valor_pago, NEW.custo_total, NEW.desconto_total)
    ON CONFLICT (owner_id, hora, forma_pagamento, status_pagamento) DO UPDATE
      SET quantidade = h.quantidade + 1, valor_total = h.valor_total + excluded.valor_total,
          valor_pago = h.valor_pago + excluded.valor_pago, custo_total = h.custo_total + excluded.custo_total,
          desconto_total = h.desconto_total + excluded.desconto_total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendas_por_hora_na_loja() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linha vendas_por_hora;
  sinal int := 1;
  local timestamp;
  q int; v bigint; p bigint; c bigint; d bigint;
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
    d := NEW.desconto_total - OLD.desconto_total;
  ELSE
    q := sinal * linha.quantidade; v := sinal * linha.valor_total; p := sinal * linha.valor_pago; c := sinal * linha.custo_total;
    d := sinal * linha.desconto_total;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE vendas_por_dia_da_loja dl SET quantidade = dl.quantidade + q, valor_total = dl.valor_total + v, valor_pago = dl.valor_pago + p,
           custo_total = dl.custo_total + c, desconto_total = dl.desconto_total + d
     WHERE dl.owner_id = linha.owner_id AND dl.dia = local::date AND dl.forma_pagamento = linha.forma_pagamento AND dl.status_pagamento = linha.status_pagamento;
    IF linha.status_pagamento <> 'cancelado' THEN
      UPDATE vendas_por_hora_do_mes m SET quantidade = m.quantidade + q, valor_total = m.valor_total + v, custo_total = m.custo_total + c
       WHERE m.owner_id = linha.owner_id AND m.mes = date_trunc('month', local)::date AND m.hora = extract(hour FROM local)::smallint;
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO vendas_por_dia_da_loja AS dl (owner_id, dia, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total, desconto_total)
  VALUES (linha.owner_id, local::date, linha.forma_pagamento, linha.status_pagamento, q, v, p, c, d)
  ON CONFLICT (owner_id, dia, forma_pagamento, status_pagamento) DO UPDATE
    SET quantidade = dl.quantidade + excluded.quantidade, valor_total = dl.valor_total + excluded.valor_total,
        valor_pago = dl.valor_pago + excluded.valor_pago, custo_total = dl.custo_total + excluded.custo_total,
        desconto_total = dl.desconto_total + excluded.desconto_total;
  IF linha.status_pagamento <> 'cancelado' THEN
    INSERT INTO vendas_por_hora_do_mes AS m (owner_id, mes, hora, quantidade, valor_total, custo_total)
    VALUES (linha.owner_id, date_trunc('month', local)::date, extract(hour FROM local)::smallint, q, v, c)
    ON CONFLICT (owner_id, mes, hora) DO UPDATE
      SET quantidade = m.quantidade + excluded.quantidade, valor_total = m.valor_total + excluded.valor_total, custo_total = m.custo_total + excluded.custo_total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION reconstruir_dias_da_loja(dono text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fuso text := fuso_da_loja(dono);
BEGIN
  PERFORM rollup_lock(dono);
  DELETE FROM vendas_por_dia_da_loja WHERE owner_id = dono;
  DELETE FROM vendas_por_hora_do_mes WHERE owner_id = dono;
  DELETE FROM pagamentos_por_dia_da_loja WHERE owner_id = dono;
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
END
$$;--> statement-breakpoint
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
  INSERT INTO vendas_totais (owner_id, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total, desconto_total)
  SELECT owner_id, forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total), sum(desconto_total)
    FROM vendas WHERE owner_id = dono GROUP BY 1, 2, 3;
  INSERT INTO vendas_por_hora (owner_id, hora, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total, desconto_total)
  SELECT owner_id, date_trunc('hour', data_venda, 'UTC'), forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total),
         sum(desconto_total)
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
$function$;
