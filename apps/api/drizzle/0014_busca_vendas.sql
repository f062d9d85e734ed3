-- The sales search's number and observation, as the customers' search (migration 0013, ADR 018):
-- matched by a SECURITY DEFINER function owned by caderneta_busca through (owner_id, text) trigram
-- indexes, limited to the transaction's seller, answering ids only; the rows are read under RLS.

CREATE INDEX vendas_busca_numero_idx ON vendas USING gin (owner_id, lower(numero_venda) gin_trgm_ops);--> statement-breakpoint
-- The same expression as unaccentLower() in src/lib/sql.ts.
CREATE INDEX vendas_busca_observacoes_idx ON vendas USING gin (
  owner_id,
  translate(lower(coalesce(observacoes, '')), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn') gin_trgm_ops
) WHERE observacoes IS NOT NULL;--> statement-breakpoint

GRANT SELECT (id, owner_id, numero_venda, observacoes) ON vendas TO caderneta_busca;--> statement-breakpoint
CREATE POLICY vendas_busca ON vendas AS PERMISSIVE FOR SELECT TO caderneta_busca USING (true);--> statement-breakpoint

-- The seller's sales whose number (lower-cased) or observation (lower-cased, accents folded) matches
-- `padrao` (a LIKE pattern escaped by the caller), at most `limite` of them: a term that matches a
-- large part of the history is found another way (vendas.service.ts).
CREATE FUNCTION busca_vendas(padrao text, limite integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
AS $$
  SELECT m.id FROM (
    SELECT v.id FROM public.vendas v
    WHERE v.owner_id = current_setting('app.user_id', true) AND lower(v.numero_venda) LIKE padrao
    UNION
    SELECT v.id FROM public.vendas v
    WHERE v.owner_id = current_setting('app.user_id', true) AND v.observacoes IS NOT NULL
      AND translate(lower(coalesce(v.observacoes, '')), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn') LIKE padrao
  ) m
  LIMIT limite
$$;--> statement-breakpoint
ALTER FUNCTION busca_vendas(text, integer) OWNER TO caderneta_busca;--> statement-breakpoint
REVOKE ALL ON FUNCTION busca_vendas(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION busca_vendas(text, integer) TO app_user;
