-- The reports' per-product and per-customer rollups by UTC month (docs/decisions/015-report-rollups.md):
-- a 365-day ranking read up to 366 daily rows per product or customer; it now reads one row per
-- whole UTC month inside the period, the daily rows of the days around them and, as before, the
-- sales of the partial UTC days at its two ends. The month rows follow the daily rows: a trigger on
-- each daily table applies every change of a daily row to its month, in the same statement, so
-- whatever keeps the days (the sale, its cancellation or deletion, a restore) keeps the months.

CREATE TABLE "clientes_por_mes" (
	"owner_id" text NOT NULL,
	"mes" date NOT NULL,
	"cliente_id" uuid NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "clientes_por_mes_pkey" PRIMARY KEY("owner_id","mes","cliente_id")
);
--> statement-breakpoint
ALTER TABLE "clientes_por_mes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "produtos_por_mes" (
	"owner_id" text NOT NULL,
	"mes" date NOT NULL,
	"produto_id" uuid NOT NULL,
	"quantidade" bigint DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	"custo_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "produtos_por_mes_pkey" PRIMARY KEY("owner_id","mes","produto_id")
);
--> statement-breakpoint
ALTER TABLE "produtos_por_mes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clientes_por_mes" ADD CONSTRAINT "clientes_por_mes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes_por_mes" ADD CONSTRAINT "clientes_por_mes_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos_por_mes" ADD CONSTRAINT "produtos_por_mes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos_por_mes" ADD CONSTRAINT "produtos_por_mes_produto_fk" FOREIGN KEY ("owner_id","produto_id") REFERENCES "public"."produtos"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "clientes_por_mes_owner" ON "clientes_por_mes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "produtos_por_mes_owner" ON "produtos_por_mes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON produtos_por_mes, clientes_por_mes TO app_user;--> statement-breakpoint
ALTER TABLE produtos_por_mes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_por_mes FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- A new daily row adds itself to its month (creating the month's row); a changed one adds its
-- difference; a deleted one takes itself away. Taking away and changing only update the month's
-- row, never create one: a daily row exists only after its month's row was made, and a cascade
-- that deletes a product, a customer or a seller may already have deleted the month (as 0007,
-- nothing new may point at what is being deleted). The reports' triggers never move a daily row
-- to another key; if something did, the old key's month loses it and the new key's month gains it.
CREATE FUNCTION produtos_por_dia_no_mes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.owner_id, OLD.dia, OLD.produto_id) IS DISTINCT FROM (NEW.owner_id, NEW.dia, NEW.produto_id)) THEN
    UPDATE produtos_por_mes m SET quantidade = m.quantidade - OLD.quantidade, valor_total = m.valor_total - OLD.valor_total,
           custo_total = m.custo_total - OLD.custo_total
     WHERE m.owner_id = OLD.owner_id AND m.mes = date_trunc('month', OLD.dia::timestamp)::date AND m.produto_id = OLD.produto_id;
    IF TG_OP = 'DELETE' THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE produtos_por_mes m SET quantidade = m.quantidade + (NEW.quantidade - OLD.quantidade),
           valor_total = m.valor_total + (NEW.valor_total - OLD.valor_total), custo_total = m.custo_total + (NEW.custo_total - OLD.custo_total)
     WHERE m.owner_id = NEW.owner_id AND m.mes = date_trunc('month', NEW.dia::timestamp)::date AND m.produto_id = NEW.produto_id;
    RETURN NULL;
  END IF;
  INSERT INTO produtos_por_mes AS m (owner_id, mes, produto_id, quantidade, valor_total, custo_total)
  VALUES (NEW.owner_id, date_trunc('month', NEW.dia::timestamp)::date, NEW.produto_id, NEW.quantidade, NEW.valor_total, NEW.custo_total)
  ON CONFLICT (owner_id, mes, produto_id) DO UPDATE
    SET quantidade = m.quantidade + excluded.quantidade, valor_total = m.valor_total + excluded.valor_total,
        custo_total = m.custo_total + excluded.custo_total;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER produtos_por_dia_no_mes AFTER INSERT OR UPDATE OR DELETE ON produtos_por_dia
  FOR EACH ROW EXECUTE FUNCTION produtos_por_dia_no_mes();--> statement-breakpoint

CREATE FUNCTION clientes_por_dia_no_mes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.owner_id, OLD.dia, OLD.cliente_id) IS DISTINCT FROM (NEW.owner_id, NEW.dia, NEW.cliente_id)) THEN
    UPDATE clientes_por_mes m SET quantidade = m.quantidade - OLD.quantidade, valor_total = m.valor_total - OLD.valor_total
     WHERE m.owner_id = OLD.owner_id AND m.mes = date_trunc('month', OLD.dia::timestamp)::date AND m.cliente_id = OLD.cliente_id;
    IF TG_OP = 'DELETE' THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE clientes_por_mes m SET quantidade = m.quantidade + (NEW.quantidade - OLD.quantidade),
           valor_total = m.valor_total + (NEW.valor_total - OLD.valor_total)
     WHERE m.owner_id = NEW.owner_id AND m.mes = date_trunc('month', NEW.dia::timestamp)::date AND m.cliente_id = NEW.cliente_id;
    RETURN NULL;
  END IF;
  INSERT INTO clientes_por_mes AS m (owner_id, mes, cliente_id, quantidade, valor_total)
  VALUES (NEW.owner_id, date_trunc('month', NEW.dia::timestamp)::date, NEW.cliente_id, NEW.quantidade, NEW.valor_total)
  ON CONFLICT (owner_id, mes, cliente_id) DO UPDATE
    SET quantidade = m.quantidade + excluded.quantidade, valor_total = m.valor_total + excluded.valor_total;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clientes_por_dia_no_mes AFTER INSERT OR UPDATE OR DELETE ON clientes_por_dia
  FOR EACH ROW EXECUTE FUNCTION clientes_por_dia_no_mes();--> statement-breakpoint

-- Backfill from the daily rows, with FORCE RLS lifted as in 0007 (a migrator that owns the tables
-- without being a superuser would see no rows).
ALTER TABLE produtos_por_dia NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_por_dia NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE produtos_por_mes NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_por_mes NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO produtos_por_mes (owner_id, mes, produto_id, quantidade, valor_total, custo_total)
SELECT owner_id, date_trunc('month', dia::timestamp)::date, produto_id, sum(quantidade), sum(valor_total), sum(custo_total)
  FROM produtos_por_dia GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO clientes_por_mes (owner_id, mes, cliente_id, quantidade, valor_total)
SELECT owner_id, date_trunc('month', dia::timestamp)::date, cliente_id, sum(quantidade), sum(valor_total)
  FROM clientes_por_dia GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE produtos_por_dia FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_por_dia FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE produtos_por_mes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes_por_mes FORCE ROW LEVEL SECURITY;
