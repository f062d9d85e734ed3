-- The customer search's version (docs/decisions/022-customer-search-index.md): the search keeps a
-- seller's customers' names, phones and active flags in the server's memory, in the list's order, and
-- uses them only while clientes_versao still holds the number they were read with. The triggers
-- below move that number in the same transaction as any change the search can see: a customer
-- added or deleted (a statement's rows at once: a restore or an account deletion moves it once), or
-- a name, phone or active flag changed. Balances, logins and dates do not move it: a sale never
-- touches this row. Numbers come from one sequence, so a version read later is a larger one; two
-- transactions changing one seller's customers queue on the row, so a given number always stands
-- for the same customers.

CREATE TABLE "clientes_versao" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"versao" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clientes_versao" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clientes_versao" ADD CONSTRAINT "clientes_versao_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "clientes_versao_owner" ON "clientes_versao" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON clientes_versao TO app_user;--> statement-breakpoint
ALTER TABLE clientes_versao FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE SEQUENCE clientes_versao_seq;--> statement-breakpoint
GRANT USAGE ON SEQUENCE clientes_versao_seq TO app_user;--> statement-breakpoint

-- Every seller who has customers starts with a version; a seller's first customer creates theirs.
-- A delete only moves an existing row, never creates one: an account deletion's cascade may have
-- removed it already (as 0015, nothing new may point at what is being deleted).
INSERT INTO clientes_versao (owner_id, versao)
SELECT owner_id, nextval('clientes_versao_seq') FROM (SELECT DISTINCT owner_id FROM clientes) c;--> statement-breakpoint

CREATE FUNCTION clientes_versao_avanca(dono text, criar boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF criar THEN
    INSERT INTO clientes_versao AS v (owner_id, versao) VALUES (dono, nextval('clientes_versao_seq'))
    ON CONFLICT (owner_id) DO UPDATE SET versao = nextval('clientes_versao_seq');
  ELSE
    UPDATE clientes_versao SET versao = nextval('clientes_versao_seq') WHERE owner_id = dono;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION clientes_versao_inseridos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clientes_versao_avanca(d.owner_id, true) FROM (SELECT DISTINCT owner_id FROM novos) d;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION clientes_versao_apagados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clientes_versao_avanca(d.owner_id, false) FROM (SELECT DISTINCT owner_id FROM velhos) d;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION clientes_versao_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clientes_versao_avanca(NEW.owner_id, true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clientes_versao_insert AFTER INSERT ON clientes
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION clientes_versao_inseridos();--> statement-breakpoint
CREATE TRIGGER clientes_versao_delete AFTER DELETE ON clientes
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION clientes_versao_apagados();--> statement-breakpoint
CREATE TRIGGER clientes_versao_update AFTER UPDATE ON clientes FOR EACH ROW
  WHEN (OLD.nome_busca IS DISTINCT FROM NEW.nome_busca OR OLD.nome IS DISTINCT FROM NEW.nome
        OR OLD.telefone IS DISTINCT FROM NEW.telefone OR OLD.ativo IS DISTINCT FROM NEW.ativo)
  EXECUTE FUNCTION clientes_versao_alterado();
