CREATE TABLE "clientes_por_dia" (
	"owner_id" text NOT NULL,
	"dia" date NOT NULL,
	"cliente_id" uuid NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "clientes_por_dia_pkey" PRIMARY KEY("owner_id","dia","cliente_id")
);
--> statement-breakpoint
ALTER TABLE "clientes_por_dia" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "produtos_por_dia" (
	"owner_id" text NOT NULL,
	"dia" date NOT NULL,
	"produto_id" uuid NOT NULL,
	"quantidade" bigint DEFAULT 0 NOT NULL,
	"valor_total" bigint DEFAULT 0 NOT NULL,
	"custo_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "produtos_por_dia_pkey" PRIMARY KEY("owner_id","dia","produto_id")
);
--> statement-breakpoint
ALTER TABLE "produtos_por_dia" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clientes_por_dia" ADD CONSTRAINT "clientes_por_dia_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes_por_dia" ADD CONSTRAINT "clientes_por_dia_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos_por_dia" ADD CONSTRAINT "produtos_por_dia_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos_por_dia" ADD CONSTRAINT "produtos_por_dia_produto_fk" FOREIGN KEY ("owner_id","produto_id") REFERENCES "public"."produtos"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clientes_owner_created_idx" ON "clientes" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE POLICY "clientes_por_dia_owner" ON "clientes_por_dia" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "produtos_por_dia_owner" ON "produtos_por_dia" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));