-- The customer's answer about each entry of their account (issue 38, item 5), with
-- FORCE ROW LEVEL SECURITY and the app role's grants as on every seller table.
CREATE TABLE "contestacoes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"lancamento_id" uuid NOT NULL,
	"reconhece" boolean NOT NULL,
	"motivo" text,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"resolucao" text,
	"resposta" text,
	"resolvida_em" timestamp with time zone,
	"resolvida_por" text,
	CONSTRAINT "contestacoes_pkey" PRIMARY KEY("owner_id","id"),
	CONSTRAINT "contestacoes_lancamento_key" UNIQUE("owner_id","lancamento_id"),
	CONSTRAINT "contestacoes_motivo_check" CHECK ("contestacoes"."reconhece" or "contestacoes"."motivo" is not null),
	CONSTRAINT "contestacoes_resolucao_check" CHECK (("contestacoes"."resolvida_em" is null) = ("contestacoes"."resolucao" is null) and ("contestacoes"."resolucao" is null or not "contestacoes"."reconhece"))
);
--> statement-breakpoint
ALTER TABLE "contestacoes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contestacoes" ADD CONSTRAINT "contestacoes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contestacoes" ADD CONSTRAINT "contestacoes_resolvida_por_users_id_fk" FOREIGN KEY ("resolvida_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contestacoes" ADD CONSTRAINT "contestacoes_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contestacoes" ADD CONSTRAINT "contestacoes_lancamento_fk" FOREIGN KEY ("owner_id","lancamento_id") REFERENCES "public"."lancamentos"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contestacoes_cliente_idx" ON "contestacoes" USING btree ("owner_id","cliente_id","criada_em");--> statement-breakpoint
CREATE INDEX "contestacoes_abertas_idx" ON "contestacoes" USING btree ("owner_id","cliente_id") WHERE not "contestacoes"."reconhece" and "contestacoes"."resolvida_em" is null;--> statement-breakpoint
CREATE POLICY "contestacoes_owner" ON "contestacoes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON contestacoes TO app_user;--> statement-breakpoint
ALTER TABLE contestacoes FORCE ROW LEVEL SECURITY;
