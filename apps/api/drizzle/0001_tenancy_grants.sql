-- Seller requests run as app_user (SET LOCAL ROLE), which may only touch seller-owned tables, and
-- only the rows whose owner_id matches app.user_id. FORCE makes the policies bind the tables'
-- owner too; superusers still bypass RLS, which is why requests switch role.
DO $$
BEGIN
  -- A non-superuser migrator needs membership to SET ROLE app_user.
  EXECUTE format('GRANT app_user TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
  RAISE NOTICE 'could not grant app_user to %: grant it by hand', current_user;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON perfis, clientes, produtos, vendas, itens_venda, lancamentos, notificacoes TO app_user;--> statement-breakpoint
ALTER TABLE perfis FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clientes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE produtos FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE vendas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE itens_venda FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lancamentos FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE notificacoes FORCE ROW LEVEL SECURITY;
