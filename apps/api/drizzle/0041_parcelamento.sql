-- Parcelamento (issue 40, ADR 046): a customer's schedule of instalments (the instalments a column of
-- it); RLS, FORCE ROW LEVEL SECURITY and the app role's grants as on every seller table.
CREATE TABLE "parcelamentos" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"estado" text DEFAULT 'ativo' NOT NULL,
	"modo" text NOT NULL,
	"total" integer NOT NULL,
	"parcelas" jsonb NOT NULL,
	"creditos" bigint DEFAULT 0 NOT NULL,
	"aberto_ao_encerrar" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"encerrado_em" timestamp with time zone,
	CONSTRAINT "parcelamentos_pkey" PRIMARY KEY("owner_id","id"),
	CONSTRAINT "parcelamentos_total_check" CHECK ("parcelamentos"."total" > 0 and jsonb_array_length("parcelamentos"."parcelas") between 2 and 24)
);
--> statement-breakpoint
ALTER TABLE "parcelamentos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "parcelamentos" ADD CONSTRAINT "parcelamentos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcelamentos" ADD CONSTRAINT "parcelamentos_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcelamentos_ativo_idx" ON "parcelamentos" USING btree ("owner_id","cliente_id") WHERE "parcelamentos"."estado" = 'ativo';--> statement-breakpoint
CREATE INDEX "parcelamentos_cliente_idx" ON "parcelamentos" USING btree ("owner_id","cliente_id","criado_em");--> statement-breakpoint
CREATE POLICY "parcelamentos_owner" ON "parcelamentos" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON parcelamentos TO app_user;--> statement-breakpoint
ALTER TABLE parcelamentos FORCE ROW LEVEL SECURITY;
