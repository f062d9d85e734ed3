-- Offline sales (issue 36, part 2; docs/decisions/034-offline-sales-server.md). A sale the counter
-- queued while offline is recorded at the moment it was made (data_venda; created_at is when it
-- arrived), so the rollup triggers, keyed on data_venda, put it on its own day as they do any sale.
-- It is flagged rather than refused for what the seller could not check offline: `alertas` holds
-- them (stock shortfalls with the product and the amount missing). Sales made before are online
-- ones: false and '[]'. A sale is never edited after it is written, so neither column changes.
ALTER TABLE "vendas" ADD COLUMN "feita_offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "alertas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_alertas_check" CHECK (jsonb_typeof("vendas"."alertas") = 'array' AND ("vendas"."feita_offline" OR "vendas"."alertas" = '[]'::jsonb));