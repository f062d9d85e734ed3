CREATE TABLE "clientes_totais" (
	"owner_id" text NOT NULL,
	"ativo" boolean NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"devedores" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clientes_totais_pkey" PRIMARY KEY("owner_id","ativo")
);
--> statement-breakpoint
ALTER TABLE "clientes_totais" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pagamentos_por_hora" (
	"owner_id" text NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"metodo" text NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pagamentos_por_hora_pkey" PRIMARY KEY("owner_id","hora","metodo")
);
--> statement-breakpoint
ALTER TABLE "pagamentos_por_hora" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendas_por_hora" (
	"owner_id" text NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"forma_pagamento" text NOT NULL,
	"status_pagamento" text NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	"valor_pago" bigint DEFAULT 0 NOT NULL,
	"custo_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendas_por_hora_pkey" PRIMARY KEY("owner_id","hora","forma_pagamento","status_pagamento")
);
--> statement-breakpoint
ALTER TABLE "vendas_por_hora" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendas_totais" (
	"owner_id" text NOT NULL,
	"forma_pagamento" text NOT NULL,
	"status_pagamento" text NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	"valor_pago" bigint DEFAULT 0 NOT NULL,
	"custo_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendas_totais_pkey" PRIMARY KEY("owner_id","forma_pagamento","status_pagamento")
);
--> statement-breakpoint
ALTER TABLE "vendas_totais" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "vendas_owner_data_idx";--> statement-breakpoint
DROP INDEX "vendas_owner_status_idx";--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "custo_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "chave" uuid;--> statement-breakpoint
ALTER TABLE "clientes_totais" ADD CONSTRAINT "clientes_totais_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos_por_hora" ADD CONSTRAINT "pagamentos_por_hora_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas_por_hora" ADD CONSTRAINT "vendas_por_hora_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas_totais" ADD CONSTRAINT "vendas_totais_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendas_owner_forma_idx" ON "vendas" USING btree ("owner_id","forma_pagamento","data_venda","id");--> statement-breakpoint
CREATE INDEX "vendas_owner_data_idx" ON "vendas" USING btree ("owner_id","data_venda","id");--> statement-breakpoint
CREATE INDEX "vendas_owner_status_idx" ON "vendas" USING btree ("owner_id","status_pagamento","data_venda","id");--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_owner_chave_key" UNIQUE("owner_id","chave");--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_custo_total_check" CHECK ("vendas"."custo_total" >= 0);--> statement-breakpoint
CREATE POLICY "clientes_totais_owner" ON "clientes_totais" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "pagamentos_por_hora_owner" ON "pagamentos_por_hora" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "vendas_por_hora_owner" ON "vendas_por_hora" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "vendas_totais_owner" ON "vendas_totais" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));