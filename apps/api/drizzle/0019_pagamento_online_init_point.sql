-- The checkout address of an online payment's preference, so a second "Pagar Saldo Pendente" of
-- the same payment (a double tap, a second tab) goes back to it instead of opening another one.
-- Nullable; covered by pagamentos_online's owner policy and app_user's grants.

ALTER TABLE "pagamentos_online" ADD COLUMN "init_point" text;
