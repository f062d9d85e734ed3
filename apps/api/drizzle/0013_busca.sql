-- Text search under row-level security (docs/decisions/018-search-under-rls.md).
--
-- LIKE is not leakproof, so PostgreSQL never lets it use an index while a row-level security
-- policy applies: as app_user, "nome_busca like '%maria%'" read every customer of every shop. The
-- matching is done instead by a SECURITY DEFINER function owned by caderneta_busca, a role whose
-- read policy is not per seller, so the trigram index serves it; the function restricts itself to
-- the seller of the transaction (app.user_id) and returns ids only. The rows themselves are then
-- read by the caller as app_user, under RLS as always: the function cannot show another shop's
-- data even if it were wrong.

-- (owner_id, column) GIN indexes: one shop's matches without the other shops' (btree_gin).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS clientes_nome_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS clientes_telefone_trgm_idx;--> statement-breakpoint
CREATE INDEX clientes_busca_nome_idx ON clientes USING gin (owner_id, nome_busca gin_trgm_ops);--> statement-breakpoint
CREATE INDEX clientes_busca_telefone_idx ON clientes USING gin (owner_id, telefone gin_trgm_ops);--> statement-breakpoint
-- The sales' trigram indexes could never serve a seller's search (RLS, above) and cost every sale
-- two GIN insertions: the number and observation are compared on the seller's own sales.
DROP INDEX IF EXISTS vendas_numero_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS vendas_observacoes_trgm_idx;--> statement-breakpoint

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caderneta_busca') THEN
    CREATE ROLE caderneta_busca NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  -- A non-superuser migrator needs membership to make the role the functions' owner.
  EXECUTE format('GRANT caderneta_busca TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
  RAISE NOTICE 'could not grant caderneta_busca to %: grant it by hand', current_user;
END
$$;--> statement-breakpoint
-- A function's owner needs CREATE on its schema. caderneta_busca cannot log in: only the migrator
-- acts as it.
GRANT USAGE, CREATE ON SCHEMA public TO caderneta_busca;--> statement-breakpoint
-- It reads the searched and sorted columns and the ids, nothing else.
GRANT SELECT (id, owner_id, nome_busca, nome, telefone, ativo) ON clientes TO caderneta_busca;--> statement-breakpoint
CREATE POLICY clientes_busca ON clientes AS PERMISSIVE FOR SELECT TO caderneta_busca USING (true);--> statement-breakpoint

-- The seller's customers whose normalized name matches `padrao_nome` or whose phone matches
-- `padrao_telefone` (LIKE patterns escaped by the caller; a null pattern matches nothing).
CREATE FUNCTION busca_clientes(padrao_nome text, padrao_telefone text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
AS $$
  SELECT c.id FROM public.clientes c
  WHERE c.owner_id = current_setting('app.user_id', true)
    AND (c.nome_busca LIKE padrao_nome OR c.telefone LIKE padrao_telefone)
$$;--> statement-breakpoint
ALTER FUNCTION busca_clientes(text, text) OWNER TO caderneta_busca;--> statement-breakpoint
REVOKE ALL ON FUNCTION busca_clientes(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION busca_clientes(text, text) TO app_user;--> statement-breakpoint

-- One page of those matches in the list's order (name, then id), of the active, inactive or all
-- customers (`ativo` null), each id with the number of matches: the list reads 20 rows, not all.
CREATE FUNCTION pagina_busca_clientes(padrao_nome text, padrao_telefone text, ativo boolean, limite integer, deslocamento integer)
  RETURNS TABLE (id uuid, total bigint)
  -- A page, not a table: the planner joins it to clientes by primary key.
  LANGUAGE sql STABLE SECURITY DEFINER ROWS 20
  SET search_path = pg_catalog, public
AS $$
  SELECT m.id, count(*) OVER () FROM public.clientes m
  WHERE m.owner_id = current_setting('app.user_id', true)
    AND (m.nome_busca LIKE padrao_nome OR m.telefone LIKE padrao_telefone)
    AND (pagina_busca_clientes.ativo IS NULL OR m.ativo = pagina_busca_clientes.ativo)
  ORDER BY m.nome_busca, m.nome, m.id
  LIMIT limite OFFSET deslocamento
$$;--> statement-breakpoint
ALTER FUNCTION pagina_busca_clientes(text, text, boolean, integer, integer) OWNER TO caderneta_busca;--> statement-breakpoint
REVOKE ALL ON FUNCTION pagina_busca_clientes(text, text, boolean, integer, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pagina_busca_clientes(text, text, boolean, integer, integer) TO app_user;
