ALTER TABLE "cobranca_config" ADD COLUMN "regua_ativa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cobranca_config" ADD COLUMN "regua_dias" integer[] DEFAULT '{1,2,3,4,5,6}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cobranca_config" ADD COLUMN "regua_inicio" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "cobranca_config" ADD COLUMN "regua_fim" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "cobranca_config" ADD COLUMN "regua_limite_diario" integer DEFAULT 250 NOT NULL;--> statement-breakpoint
CREATE INDEX "mensagens_lembretes_idx" ON "mensagens" USING btree ("owner_id","created_at") WHERE "mensagens"."chave" like 'lembrete:%';--> statement-breakpoint
ALTER TABLE "cobranca_config" ADD CONSTRAINT "cobranca_config_regua_janela_check" CHECK ("cobranca_config"."regua_inicio" between 0 and 23 and "cobranca_config"."regua_fim" between 1 and 24 and "cobranca_config"."regua_fim" > "cobranca_config"."regua_inicio" and cardinality("cobranca_config"."regua_dias") between 1 and 7 and "cobranca_config"."regua_dias" <@ '{0,1,2,3,4,5,6}'::integer[]);--> statement-breakpoint
ALTER TABLE "cobranca_config" ADD CONSTRAINT "cobranca_config_regua_limite_check" CHECK ("cobranca_config"."regua_limite_diario" between 1 and 10000);