ALTER TABLE "pagamentos_online" ADD COLUMN "pix_copia_cola" text;--> statement-breakpoint
ALTER TABLE "pagamentos_online" ADD COLUMN "pix_qr_code" text;--> statement-breakpoint
ALTER TABLE "pagamentos_online" ADD COLUMN "pix_expira_em" timestamp with time zone;