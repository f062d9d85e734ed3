-- Ready to shard by seller (docs/decisions/016-many-shops.md): every tenant table's primary key
-- includes owner_id, so Citus can distribute each table by owner_id and keep a seller's rows
-- together. The (owner_id, id) unique constraints the composite foreign keys pointed at become the
-- primary keys themselves; the foreign keys are dropped and made again on them (a foreign key is
-- bound to the index it was created on). src/db/citus.test.ts checks the rules on the catalogue.
ALTER TABLE "vendas" DROP CONSTRAINT "vendas_cliente_fk";--> statement-breakpoint
ALTER TABLE "itens_venda" DROP CONSTRAINT "itens_venda_venda_fk";--> statement-breakpoint
ALTER TABLE "itens_venda" DROP CONSTRAINT "itens_venda_produto_fk";--> statement-breakpoint
ALTER TABLE "lancamentos" DROP CONSTRAINT "lancamentos_cliente_fk";--> statement-breakpoint
ALTER TABLE "lancamentos" DROP CONSTRAINT "lancamentos_venda_fk";--> statement-breakpoint
ALTER TABLE "clientes" DROP CONSTRAINT "clientes_owner_id_id_key";--> statement-breakpoint
ALTER TABLE "produtos" DROP CONSTRAINT "produtos_owner_id_id_key";--> statement-breakpoint
ALTER TABLE "vendas" DROP CONSTRAINT "vendas_owner_id_id_key";--> statement-breakpoint
ALTER TABLE "clientes" DROP CONSTRAINT "clientes_pkey";--> statement-breakpoint
ALTER TABLE "produtos" DROP CONSTRAINT "produtos_pkey";--> statement-breakpoint
ALTER TABLE "vendas" DROP CONSTRAINT "vendas_pkey";--> statement-breakpoint
ALTER TABLE "itens_venda" DROP CONSTRAINT "itens_venda_pkey";--> statement-breakpoint
ALTER TABLE "lancamentos" DROP CONSTRAINT "lancamentos_pkey";--> statement-breakpoint
ALTER TABLE "notificacoes" DROP CONSTRAINT "notificacoes_pkey";--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_pkey" PRIMARY KEY("owner_id","id");--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_pkey" PRIMARY KEY("owner_id","id");--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_pkey" PRIMARY KEY("owner_id","id");--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_pkey" PRIMARY KEY("owner_id","id");--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_pkey" PRIMARY KEY("owner_id","id");--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_pkey" PRIMARY KEY("owner_id","id");--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_venda_fk" FOREIGN KEY ("owner_id","venda_id") REFERENCES "public"."vendas"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_venda" ADD CONSTRAINT "itens_venda_produto_fk" FOREIGN KEY ("owner_id","produto_id") REFERENCES "public"."produtos"("owner_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_cliente_fk" FOREIGN KEY ("owner_id","cliente_id") REFERENCES "public"."clientes"("owner_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos" ADD CONSTRAINT "lancamentos_venda_fk" FOREIGN KEY ("owner_id","venda_id") REFERENCES "public"."vendas"("owner_id","id") ON DELETE no action ON UPDATE no action;
