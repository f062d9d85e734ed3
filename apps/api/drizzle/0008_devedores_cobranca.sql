CREATE TABLE "cobranca_config" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"regra_tipo" text DEFAULT 'proximo_mes' NOT NULL,
	"dia_vencimento" integer DEFAULT 1 NOT NULL,
	"dias_prazo" integer DEFAULT 30 NOT NULL,
	"data_fixa" date,
	"lembrete_antecipado" boolean DEFAULT false NOT NULL,
	"dias_antecedencia" integer DEFAULT 3 NOT NULL,
	"mensagens" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cobranca_config_dia_vencimento_check" CHECK ("cobranca_config"."dia_vencimento" between 1 and 28),
	CONSTRAINT "cobranca_config_dias_prazo_check" CHECK ("cobranca_config"."dias_prazo" between 1 and 365),
	CONSTRAINT "cobranca_config_dias_antecedencia_check" CHECK ("cobranca_config"."dias_antecedencia" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "cobranca_config" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lembretes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"faixa" text NOT NULL,
	"dia" date NOT NULL,
	"dias_atraso" integer NOT NULL,
	"valor" bigint NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criado_por" text,
	CONSTRAINT "lembretes_pkey" PRIMARY KEY("owner_id","id"),
	CONSTRAINT "lembretes_valor_check" CHECK ("lembretes"."valor" > 0)
);
--> statement-breakpoint
ALTER TABLE "lembretes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "pendente_desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "promessa_pagamento" date;--> statement-breakpoint
ALTER TABLE "cobranca_config" ADD CONSTRAINT "cobranca_config_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lembretes" ADD CONSTRAINT "lembretes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lembretes" ADD CONSTRAINT "lembretes_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lembretes" ADD CONSTRAINT "lembretes_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lembretes_cliente_idx" ON "lembretes" USING btree ("owner_id","cliente_id","enviado_em");--> statement-breakpoint
CREATE POLICY "cobranca_config_owner" ON "cobranca_config" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "lembretes_owner" ON "lembretes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));