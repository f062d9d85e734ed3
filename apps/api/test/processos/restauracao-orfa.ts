/**
 * A restore's transaction that never ends by itself, in a process of its own (restaurar.pg.test.ts
 * kills this process to see what PostgreSQL does with the transaction): DATABASE_URL, SELLER_ID.
 * Prints "restaurando" once the transaction holds the shop and has started its long statement.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, withSeller } from '../../src/db/client';
import { SESSAO_DE_RESTAURACAO } from '../../src/modules/backup/restaurar';

const handle = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, max: 1 });
await withSeller(
  handle.db,
  process.env.SELLER_ID!,
  async (tx) => {
    await tx.execute(SESSAO_DE_RESTAURACAO);
    await tx.execute(sql`delete from lembretes where owner_id = ${process.env.SELLER_ID!}`);
    console.log('restaurando');
    // As long as a restore of a very big shop: the statement PostgreSQL must cancel once this process is gone.
    await tx.execute(sql`select pg_sleep(300)`);
  },
  'restauracao',
);
