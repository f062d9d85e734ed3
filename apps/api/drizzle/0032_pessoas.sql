-- The people of a shop (issue 37; docs/decisions/038-equipe.md): the owner and their staff, each
-- acting on the shop of their row. Forced row-level security for app_user as on every shop table;
-- the server's own role (the one migrating, which serves requests too: 0001) may also read every
-- row, for a request's session to find its shop before it enters it and an invitation's page to
-- find its invitation. Every seller so far is their shop's owner ("dono", every permission).

CREATE TABLE "pessoas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"user_id" text,
	"nome" text NOT NULL,
	"email" text,
	"usuario" text,
	"papel" text NOT NULL,
	"permissoes" text[] NOT NULL,
	"desconto_maximo" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"convite_hash" text,
	"convite_expira_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pessoas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pessoas_user_id_idx" ON "pessoas" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pessoas_convite_hash_idx" ON "pessoas" USING btree ("convite_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pessoas_email_idx" ON "pessoas" USING btree ("owner_id",lower("email")) WHERE "pessoas"."email" is not null;--> statement-breakpoint
CREATE INDEX "pessoas_owner_idx" ON "pessoas" USING btree ("owner_id","criado_em");--> statement-breakpoint
CREATE POLICY "pessoas_owner" ON "pessoas" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY pessoas_sessao ON pessoas AS PERMISSIVE FOR SELECT TO %I USING (true)', current_user);
END
$$;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pessoas TO app_user;--> statement-breakpoint
INSERT INTO pessoas (owner_id, user_id, nome, email, papel, permissoes, desconto_maximo, criado_em)
  SELECT u.id, u.id, u.name, u.email, 'dono',
    ARRAY['vender_avista','vender_fiado','vender_acima_limite','dar_desconto','alterar_preco','registrar_pagamento','cancelar_venda','ajustar_saldo','editar_clientes','editar_produtos','ver_relatorios','configuracoes','mercado_pago','backup','equipe'],
    100, u.created_at
  FROM users u;--> statement-breakpoint
ALTER TABLE pessoas FORCE ROW LEVEL SECURITY;