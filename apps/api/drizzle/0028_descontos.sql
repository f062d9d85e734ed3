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
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_desconto_percentual_check" CHECK ("vendas"."desconto_percentual" between 1 and 100);