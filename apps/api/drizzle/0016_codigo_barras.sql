-- A barcode read at the counter ("Buscar produto" takes a scanner's code and Enter), and the check
-- that no two active products of a seller share a code, both by index.

CREATE INDEX "produtos_owner_codigo_barras_idx" ON "produtos" USING btree ("owner_id","codigo_barras") WHERE "produtos"."codigo_barras" is not null;