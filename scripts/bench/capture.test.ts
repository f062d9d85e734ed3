import { describe, expect, it } from 'vitest';
import { oneCommand, parseLog, pgbenchScript } from './capture';

describe('the SQL an endpoint sent, for pgbench', () => {
  it('reads statements with their parameters inlined from the server log', () => {
    const log = [
      "@@41 LOG:  duration: 0.1 ms  execute <unnamed>: select * from clientes where owner_id = $1 and id = $2",
      "@@41 DETAIL:  parameters: $1 = 'dona', $2 = 'it''s'",
      "@@41 LOG:  duration: 0.1 ms  statement: begin; select set_config('app.user_id', 'dona', true)",
      '@@41 LOG:  duration: 0.1 ms  statement: commit',
    ].join('\n');
    expect(parseLog(log)).toEqual([
      "select * from clientes where owner_id = 'dona' and id = 'it''s'",
      "begin; select set_config('app.user_id', 'dona', true)",
      'commit',
    ]);
  });

  it("keeps what the app sent in one message as one pgbench command, semicolons in quotes untouched", () => {
    expect(oneCommand("begin; select set_config('a;b', 'x', true); select 1;")).toBe("begin\\; select set_config('a;b', 'x', true)\\; select 1");
    expect(pgbenchScript(['select 1;', 'begin; select 2'])).toBe('select 1;\nbegin\\; select 2;\n');
  });
});
