-- The seller's own phone (Configurações › Perfil), digits only like every phone; nullable, since
-- nobody had to give one. Covered by perfis' owner policy and app_user's table grants (0001).

ALTER TABLE "perfis" ADD COLUMN "telefone" text;
