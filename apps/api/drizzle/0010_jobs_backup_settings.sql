CREATE TABLE "job_execucoes" (
	"job" text NOT NULL,
	"escopo" text NOT NULL,
	"periodo" text NOT NULL,
	"status" text NOT NULL,
	"tentativas" integer DEFAULT 1 NOT NULL,
	"instancia" text NOT NULL,
	"iniciado_em" timestamp with time zone NOT NULL,
	"concluido_em" timestamp with time zone,
	"reserva_ate" timestamp with time zone NOT NULL,
	"proxima_tentativa" timestamp with time zone,
	"erro" text,
	CONSTRAINT "job_execucoes_pkey" PRIMARY KEY("job","escopo","periodo")
);
--> statement-breakpoint
CREATE TABLE "backups_automaticos" (
	"owner_id" text NOT NULL,
	"dia" date NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"tamanho" bigint NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backups_automaticos_pkey" PRIMARY KEY("owner_id","dia")
);
--> statement-breakpoint
ALTER TABLE "backups_automaticos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "perfis" ADD COLUMN "avatar" text;--> statement-breakpoint
ALTER TABLE "perfis" ADD COLUMN "backup_automatico" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "backups_automaticos" ADD CONSTRAINT "backups_automaticos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_execucoes_iniciado_idx" ON "job_execucoes" USING btree ("iniciado_em");--> statement-breakpoint
CREATE INDEX "notificacoes_owner_data_idx" ON "notificacoes" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE POLICY "backups_automaticos_owner" ON "backups_automaticos" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = current_setting('app.user_id', true)) WITH CHECK (owner_id = current_setting('app.user_id', true));