-- Spreadsheets imported into a shop (issue 39, docs/decisions/039-importacao.md): each import and the
-- records it created or updated, so that it can be undone as a whole while nothing else touched them.
-- FORCE ROW LEVEL SECURITY and the app role's grants as on every seller table.

CREATE TABLE "importacao_itens" (
	"owner_id" text NOT NULL,
	"importacao_id" uuid NOT NULL,
	"registro_id" uuid NOT NULL,
	"acao" text NOT NULL,
	"linha" integer NOT NULL,
	"antes" jsonb,
	CONSTRAINT "importacao_itens_pkey" PRIMARY KEY("owner_id","importacao_id","registro_id")
);
--> statement-breakpoint
ALTER TABLE "importacao_itens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"tipo" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	"criado_por" text,
	"criado_por_nome" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criados" integer NOT NULL,
	"atualizados" integer NOT NULL,
	"ignorados" integer NOT NULL,
	"saldos" integer DEFAULT 0 NOT NULL,
	"total_saldos" integer DEFAULT 0 NOT NULL,
	"desfeita_em" timestamp with time zone,
	CONSTRAINT "importacoes_pkey" PRIMARY KEY("owner_id","id"),
	CONSTRAINT "importacoes_contagens_check" CHECK ("importacoes"."criados" >= 0 and "importacoes"."atualizados" >= 0 and "importacoes"."ignorados" >= 0 and "importacoes"."saldos" >= 0 and "importacoes"."total_saldos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "importacoes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "importacao_itens" ADD CONSTRAINT "importacao_itens_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacao_itens_registro_idx" ON "importacao_itens" USING btree ("owner_id","registro_id");--> statement-breakpoint
CREATE INDEX "importacoes_owner_criado_idx" ON "importacoes" USING btree ("owner_id","criado_em");--> statement-breakpoint
CREATE POLICY "importacao_itens_owner" ON "importacao_itens" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "importacoes_owner" ON "importacoes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON importacoes, importacao_itens TO app_user;--> statement-breakpoint
ALTER TABLE importacoes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE importacao_itens FORCE ROW LEVEL SECURITY;