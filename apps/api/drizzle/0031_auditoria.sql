-- The audit trail (issue 37; docs/decisions/037-audit-trail.md): one row per change of a shop's
-- data, written by the change's own transaction. app_user may only read it and add to it: no
-- UPDATE, DELETE or TRUNCATE is granted, so no request of the app can rewrite history (the table's
-- owner, which runs migrations, still can, and deleting a seller's account cascades as for every
-- table). FORCE ROW LEVEL SECURITY as on every seller table.

CREATE TABLE "auditoria" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"autor_tipo" text NOT NULL,
	"autor_id" text,
	"autor_nome" text,
	"acao" text NOT NULL,
	"grupo" text NOT NULL,
	"registro_tipo" text NOT NULL,
	"registro_id" uuid,
	"registro_nome" text,
	"cliente_id" uuid,
	"mudancas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detalhes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"motivo" text,
	"ip" text,
	CONSTRAINT "auditoria_pkey" PRIMARY KEY("owner_id","id")
);
--> statement-breakpoint
ALTER TABLE "auditoria" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_em_idx" ON "auditoria" USING btree ("owner_id","em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_grupo_idx" ON "auditoria" USING btree ("owner_id","grupo","em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_autor_idx" ON "auditoria" USING btree ("owner_id","autor_id","em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_registro_idx" ON "auditoria" USING btree ("owner_id","registro_id","em" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "auditoria"."registro_id" is not null;--> statement-breakpoint
CREATE INDEX "auditoria_cliente_idx" ON "auditoria" USING btree ("owner_id","cliente_id","em" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "auditoria"."cliente_id" is not null;--> statement-breakpoint
CREATE POLICY "auditoria_owner" ON "auditoria" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
GRANT SELECT, INSERT ON auditoria TO app_user;--> statement-breakpoint
ALTER TABLE auditoria FORCE ROW LEVEL SECURITY;
