-- Ready to shard by seller (docs/decisions/016-many-shops.md): every tenant table's primary key
-- includes owner_id, so Citus can distribute each table by owner_id and keep a seller's rows
-- together. The (owner_id, id) unique constraints the composite foreign keys pointed at become the
-- primary keys themselves. A foreign key is bound to the index it was created on, so every foreign
-- key into these tables (whichever migration made it, whatever order the migrations land in) is
-- dropped first and made again, with its own definition, on the new primary keys.
-- src/db/citus-ready.test.ts checks the rules on the catalogue.
DO $$
DECLARE
  r record;
  tabelas text[] := '{}';
  nomes text[] := '{}';
  defs text[] := '{}';
BEGIN
  FOR r IN
    SELECT c.conrelid::regclass::text AS tabela, c.conname::text AS nome, pg_get_constraintdef(c.oid) AS def
      FROM pg_constraint c
     WHERE c.contype = 'f'
       AND c.confrelid IN ('clientes'::regclass, 'produtos'::regclass, 'vendas'::regclass,
                           'itens_venda'::regclass, 'lancamentos'::regclass, 'notificacoes'::regclass)
     ORDER BY 1, 2
  LOOP
    tabelas := tabelas || r.tabela;
    nomes := nomes || r.nome;
    defs := defs || r.def;
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(nomes, 1), 0) LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', tabelas[i], nomes[i]);
  END LOOP;

  ALTER TABLE clientes DROP CONSTRAINT clientes_owner_id_id_key;
  ALTER TABLE produtos DROP CONSTRAINT produtos_owner_id_id_key;
  ALTER TABLE vendas DROP CONSTRAINT vendas_owner_id_id_key;
  ALTER TABLE clientes DROP CONSTRAINT clientes_pkey;
  ALTER TABLE produtos DROP CONSTRAINT produtos_pkey;
  ALTER TABLE vendas DROP CONSTRAINT vendas_pkey;
  ALTER TABLE itens_venda DROP CONSTRAINT itens_venda_pkey;
  ALTER TABLE lancamentos DROP CONSTRAINT lancamentos_pkey;
  ALTER TABLE notificacoes DROP CONSTRAINT notificacoes_pkey;
  ALTER TABLE clientes ADD CONSTRAINT clientes_pkey PRIMARY KEY (owner_id, id);
  ALTER TABLE produtos ADD CONSTRAINT produtos_pkey PRIMARY KEY (owner_id, id);
  ALTER TABLE vendas ADD CONSTRAINT vendas_pkey PRIMARY KEY (owner_id, id);
  ALTER TABLE itens_venda ADD CONSTRAINT itens_venda_pkey PRIMARY KEY (owner_id, id);
  ALTER TABLE lancamentos ADD CONSTRAINT lancamentos_pkey PRIMARY KEY (owner_id, id);
  ALTER TABLE notificacoes ADD CONSTRAINT notificacoes_pkey PRIMARY KEY (owner_id, id);

  FOR i IN 1 .. coalesce(array_length(nomes, 1), 0) LOOP
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', tabelas[i], nomes[i], defs[i]);
  END LOOP;
END
$$;
