CREATE TABLE "whatsapp_contas" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"phone_number_id" text,
	"access_token_cifrado" text,
	"access_token_dica" text,
	"app_secret_cifrado" text,
	"verify_token" text NOT NULL,
	"modelos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ativo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_contas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "externo_id" text;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "status_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_contas" ADD CONSTRAINT "whatsapp_contas_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mensagens_externo_idx" ON "mensagens" USING btree ("owner_id","externo_id") WHERE "mensagens"."externo_id" is not null;--> statement-breakpoint
CREATE POLICY "whatsapp_contas_owner" ON "whatsapp_contas" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON whatsapp_contas TO app_user;--> statement-breakpoint
ALTER TABLE whatsapp_contas FORCE ROW LEVEL SECURITY;
