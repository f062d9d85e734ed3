-- Who of the shop made each sale (issue 37, docs/decisions/038-equipe.md): "Atendido por" on the sale and
-- its receipt, and the sales list filtered by person. Sales from before people existed keep null.

ALTER TABLE "vendas" ADD COLUMN "criado_por" text;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendas_owner_criado_por_idx" ON "vendas" USING btree ("owner_id","criado_por","data_venda","id") WHERE "vendas"."criado_por" is not null;