-- reconstruir_rollups(owner) runs right after a restore (or a bulk load) wrote the shop's rows in
-- the same transaction, when the planner's statistics still describe the tables as they were
-- before: a shop restored from a 100,000-sale file into an empty account is estimated at one row.
-- With that estimate the join of itens_venda and vendas became a nested loop over both (every item
-- compared with every sale): a 10,000-customer, 100,000-sale shop took over ten minutes instead of
-- seconds. Every statement of the rebuild reads a whole shop, which a hash or merge join does in
-- one pass whatever the estimate: nested loops are off while the function runs (its own setting,
-- restored when it returns).
ALTER FUNCTION reconstruir_rollups(text) SET enable_nestloop = off;
