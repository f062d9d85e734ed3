-- The role every seller request runs as. Created here, before the policies that name it, with
-- IF NOT EXISTS logic because roles are cluster-wide and may exist already (drizzle-kit would
-- emit a plain CREATE ROLE). Concurrent creation in sibling databases is tolerated.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codigos_acesso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"usado" boolean DEFAULT false NOT NULL,
	"usado_por" text,
	"usado_por_email" text,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codigos_acesso_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "configuracao_sistema" (
	"chave" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perfis" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"nome_loja" text NOT NULL,
	"telefone_loja" text,
	"endereco_loja" text,
	"cnpj" text,
	"idioma" text DEFAULT 'pt-BR' NOT NULL,
	"moeda" text DEFAULT 'BRL' NOT NULL,
	"fuso_horario" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"notificacoes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "perfis" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"nome" text NOT NULL,
	"nome_busca" text NOT NULL,
	"telefone" text NOT NULL,
	"email" text,
	"endereco" text,
	"limite_credito" bigint DEFAULT 100000 NOT NULL,
	"login" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"data_vencimento" date,
	"observacoes" text,
	"saldo_atual" bigint DEFAULT 0 NOT NULL,
	"saldo_pendente" bigint GENERATED ALWAYS AS (GREATEST(0, -saldo_atual)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_login_unique" UNIQUE("login"),
	CONSTRAINT "clientes_owner_id_id_key" UNIQUE("owner_id","id"),
	CONSTRAINT "clientes_limite_credito_check" CHECK ("clientes"."limite_credito" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clientes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "itens_venda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"venda_id" uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"produto_nome" text NOT NULL,
	"quantidade" integer NOT NULL,
	"preco_unitario" bigint NOT NULL,
	"custo_unitario" bigint NOT NULL,
	"subtotal" bigint NOT NULL,
	CONSTRAINT "itens_venda_quantidade_check" CHECK ("itens_venda"."quantidade" > 0)
);
--> statement-breakpoint
ALTER TABLE "itens_venda" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lancamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"valor" bigint NOT NULL,
	"metodo" text,
	"venda_id" uuid,
	"descricao" text,
	"referencia_externa" text,
	"criado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lancamentos_owner_referencia_key" UNIQUE("owner_id","referencia_externa"),
	CONSTRAINT "lancamentos_valor_check" CHECK ("lancamentos"."valor" <> 0)
);
--> statement-breakpoint
ALTER TABLE "lancamentos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"tipo" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lida" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notificacoes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"nome" text NOT NULL,
	"nome_busca" text NOT NULL,
	"descricao" text,
	"categoria" text,
	"codigo_barras" text,
	"preco_venda" bigint NOT NULL,
	"preco_custo" bigint DEFAULT 0 NOT NULL,
	"estoque_atual" integer DEFAULT 0 NOT NULL,
	"estoque_minimo" integer DEFAULT 5 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produtos_owner_id_id_key" UNIQUE("owner_id","id"),
	CONSTRAINT "produtos_preco_venda_check" CHECK ("produtos"."preco_venda" > 0),
	CONSTRAINT "produtos_preco_custo_check" CHECK ("produtos"."preco_custo" >= 0),
	CONSTRAINT "produtos_estoque_atual_check" CHECK ("produtos"."estoque_atual" >= 0),
	CONSTRAINT "produtos_estoque_minimo_check" CHECK ("produtos"."estoque_minimo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "produtos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"numero_venda" text NOT NULL,
	"cliente_id" uuid,
	"data_venda" timestamp with time zone DEFAULT now() NOT NULL,
	"valor_total" bigint NOT NULL,
	"valor_pago" bigint DEFAULT 0 NOT NULL,
	"forma_pagamento" text NOT NULL,
	"status_pagamento" text NOT NULL,
	"observacoes" text,
	"limite_excedido_confirmado" boolean DEFAULT false NOT NULL,
	"cancelada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendas_owner_numero_key" UNIQUE("owner_id","numero_venda"),
	CONSTRAINT "vendas_owner_id_id_key" UNIQUE("owner_id","id"),
	CONSTRAINT "vendas_valor_total_check" CHECK ("vendas"."valor_total" >= 0),
	CONSTRAINT "vendas_valor_pago_check" CHECK ("vendas"."valor_pago" >= 0 AND "vendas"."valor_pago" <= "vendas"."valor_total"),
	CONSTRAINT "vendas_fiado_cliente_check" CHECK ("vendas"."forma_pagamento" <> 'fiado' OR "vendas"."cliente_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "vendas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigos_acesso" ADD CONSTRAINT "codigos_acesso_usado_por_users_id_fk" FOREIGN KEY ("usado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfis" ADD CONSTRAINT "perfis_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_venda_fk" FOREIGN KEY ("owner_id","venda_id") REFERENCES "public"."vendas"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_produto_fk" FOREIGN KEY ("owner_id","produto_id") REFERENCES "public"."produtos"("owner_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_venda_fk" FOREIGN KEY ("owner_id","venda_id") REFERENCES "public"."vendas"("owner_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "clientes_owner_nome_idx" ON "clientes" USING btree ("owner_id","ativo","nome_busca");--> statement-breakpoint
CREATE INDEX "clientes_owner_saldo_idx" ON "clientes" USING btree ("owner_id","ativo","saldo_atual");--> statement-breakpoint
CREATE INDEX "itens_venda_venda_idx" ON "itens_venda" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "itens_venda_produto_idx" ON "itens_venda" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "lancamentos_cliente_idx" ON "lancamentos" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "lancamentos_owner_data_idx" ON "lancamentos" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "notificacoes_owner_idx" ON "notificacoes" USING btree ("owner_id","lida","created_at");--> statement-breakpoint
CREATE INDEX "produtos_owner_nome_idx" ON "produtos" USING btree ("owner_id","ativo","nome_busca");--> statement-breakpoint
CREATE INDEX "vendas_owner_data_idx" ON "vendas" USING btree ("owner_id","data_venda");--> statement-breakpoint
CREATE INDEX "vendas_owner_status_idx" ON "vendas" USING btree ("owner_id","status_pagamento");--> statement-breakpoint
CREATE INDEX "vendas_cliente_idx" ON "vendas" USING btree ("cliente_id","status_pagamento","data_venda");--> statement-breakpoint
CREATE POLICY "perfis_owner" ON "perfis" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "clientes_owner" ON "clientes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "itens_venda_owner" ON "itens_venda" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "lancamentos_owner" ON "lancamentos" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "notificacoes_owner" ON "notificacoes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "produtos_owner" ON "produtos" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "vendas_owner" ON "vendas" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));