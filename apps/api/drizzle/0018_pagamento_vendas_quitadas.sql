-- The sales a keyed payment paid off when it was posted, so its retry answers as the first request
-- did. Nullable (none, or entries posted before this column); covered by lancamentos' owner policy
-- and app_user's table grants (0001).

ALTER TABLE "lancamentos" ADD COLUMN "vendas_quitadas" text[];
