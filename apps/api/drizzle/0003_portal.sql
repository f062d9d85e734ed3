-- The role for the few cross-seller reads (customer page lookup, the pending-payment re-check),
-- created before the policies that name it, with IF NOT EXISTS logic (roles are cluster-wide).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_lookup') THEN
    CREATE ROLE app_lookup NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;--> statement-breakpoint
CREATE TABLE "chaves_pix" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"chave" text NOT NULL,
	"tipo" text NOT NULL,
	"nome_recebedor" text NOT NULL,
	"cidade" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chaves_pix" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "limites_taxa" (
	"chave" text PRIMARY KEY NOT NULL,
	"contagem" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logins_clientes" (
	"login" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	CONSTRAINT "logins_clientes_owner_cliente_key" UNIQUE("owner_id","cliente_id")
);
--> statement-breakpoint
ALTER TABLE "logins_clientes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "mercadopago_contas" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"access_token_cifrado" text,
	"access_token_dica" text,
	"public_key" text,
	"webhook_secret_cifrado" text,
	"ambiente" text DEFAULT 'sandbox' NOT NULL,
	"ativo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mercadopago_contas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pagamentos_online" (
	"owner_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"cliente_id" uuid NOT NULL,
	"metodo" text NOT NULL,
	"valor_base" bigint NOT NULL,
	"taxa" bigint NOT NULL,
	"valor_total" bigint NOT NULL,
	"parcelas_max" integer NOT NULL,
	"ambiente" text NOT NULL,
	"preference_id" text,
	"mp_payment_id" text,
	"status" text DEFAULT 'criado' NOT NULL,
	"status_mp" text,
	"divergencia" text,
	"lancamento_id" uuid,
	"verificado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagamentos_online_pkey" PRIMARY KEY("owner_id","id"),
	CONSTRAINT "pagamentos_online_owner_mp_payment_key" UNIQUE("owner_id","mp_payment_id"),
	CONSTRAINT "pagamentos_online_valores_check" CHECK ("pagamentos_online"."valor_base" > 0 AND "pagamentos_online"."taxa" >= 0 AND "pagamentos_online"."valor_total" = "pagamentos_online"."valor_base" + "pagamentos_online"."taxa")
);
--> statement-breakpoint
ALTER TABLE "pagamentos_online" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- Existing handles move into the registry before the global UNIQUE goes away.
-- (FORCE is lifted for the copy: a migrator that owns the table but is no superuser would see no row.)
ALTER TABLE clientes NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "logins_clientes" ("login", "owner_id", "cliente_id") SELECT "login", "owner_id", "id" FROM "clientes" WHERE "login" IS NOT NULL;--> statement-breakpoint
ALTER TABLE clientes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clientes" DROP CONSTRAINT "clientes_login_unique";--> statement-breakpoint
ALTER TABLE "chaves_pix" ADD CONSTRAINT "chaves_pix_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logins_clientes" ADD CONSTRAINT "logins_clientes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_contas" ADD CONSTRAINT "mercadopago_contas_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos_online" ADD CONSTRAINT "pagamentos_online_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagamentos_online_cliente_idx" ON "pagamentos_online" USING btree ("owner_id","cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "pagamentos_online_status_idx" ON "pagamentos_online" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_owner_login_key" UNIQUE("owner_id","login");--> statement-breakpoint
CREATE POLICY "chaves_pix_owner" ON "chaves_pix" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "logins_clientes_owner" ON "logins_clientes" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "logins_clientes_lookup" ON "logins_clientes" AS PERMISSIVE FOR SELECT TO "app_lookup" USING (true);--> statement-breakpoint
CREATE POLICY "mercadopago_contas_owner" ON "mercadopago_contas" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "pagamentos_online_owner" ON "pagamentos_online" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "pagamentos_online_lookup" ON "pagamentos_online" AS PERMISSIVE FOR SELECT TO "app_lookup" USING (true);--> statement-breakpoint
DO $$
BEGIN
  -- A non-superuser migrator needs membership to SET ROLE app_lookup.
  EXECUTE format('GRANT app_lookup TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
  RAISE NOTICE 'could not grant app_lookup to %: grant it by hand', current_user;
END
$$;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON logins_clientes, mercadopago_contas, chaves_pix, pagamentos_online TO app_user;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_lookup;--> statement-breakpoint
-- app_lookup reads the login registry and which online payments are pending; nothing else.
GRANT SELECT ON logins_clientes TO app_lookup;--> statement-breakpoint
GRANT SELECT (owner_id, id, status, created_at, verificado_em) ON pagamentos_online TO app_lookup;--> statement-breakpoint
ALTER TABLE logins_clientes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE mercadopago_contas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE chaves_pix FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE pagamentos_online FORCE ROW LEVEL SECURITY;