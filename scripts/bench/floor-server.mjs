// The floor under `GET /api/vendas` on this machine (npm run bench): a bare Fastify server that, for
// each request, sends the statements the app sent (the same captured SQL pgbench runs) one after
// another on a pooled node-postgres client of the app's pool size, in the simple protocol, and
// answers their rows as JSON. No session check, no query building, no schema: what is left of the
// app's cost is the stack itself, so the app's rate over this one says how much its own work costs.
//   FLOOR_SQL=<JSON file: an array of statements> DATABASE_URL=... PORT=... node scripts/bench/floor-server.mjs
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const statements = JSON.parse(readFileSync(process.env.FLOOR_SQL, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/*', async () => {
  const client = await pool.connect();
  try {
    const results = [];
    // No values: node-postgres sends each text as one simple-protocol Query, as the app does.
    // A text holding several statements (BEGIN with the seller's scope) answers one result each.
    for (const text of statements) {
      const result = await client.query(text);
      results.push(Array.isArray(result) ? result.map((r) => r.rows) : result.rows);
    }
    return results;
  } finally {
    client.release();
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void app.close().then(() => pool.end()).then(() => process.exit(0));
  });
}
