CREATE TABLE "mensagens" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"lancamento_id" uuid,
	"chave" text NOT NULL,
	"canal" text NOT NULL,
	"destino" text NOT NULL,
	"dados" jsonb NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_em" timestamp with time zone,
	"enviada_em" timestamp with time zone,
	"erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensagens_pkey" PRIMARY KEY("owner_id","id"),
	CONSTRAINT "mensagens_chave_key" UNIQUE("owner_id","chave")
);
--> statement-breakpoint
ALTER TABLE "mensagens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "avisos_autorizados_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "avisos_autorizacao" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "avisos_parados_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "avisos_parados_por" text;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_lancamento_fk" FOREIGN KEY ("owner_id","lancamento_id") REFERENCES "public"."lancamentos"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mensagens_cliente_idx" ON "mensagens" USING btree ("owner_id","cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "mensagens_fila_idx" ON "mensagens" USING btree ("proxima_em") WHERE "mensagens"."status" in ('pendente', 'enviando');--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_avisos_check" CHECK (("clientes"."avisos_autorizados_em" is null) = ("clientes"."avisos_autorizacao" is null));--> statement-breakpoint
CREATE POLICY "mensagens_owner" ON "mensagens" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "mensagens_lookup" ON "mensagens" AS PERMISSIVE FOR SELECT TO "app_lookup" USING (true);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON mensagens TO app_user;--> statement-breakpoint
-- The sending job finds what is due in every shop as app_lookup: these columns only, never a text or an address.
GRANT SELECT (owner_id, id, status, proxima_em) ON mensagens TO app_lookup;--> statement-breakpoint
ALTER TABLE mensagens FORCE ROW LEVEL SECURITY;
