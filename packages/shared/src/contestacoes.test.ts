import { describe, expect, it } from 'vitest';
import { conferenciaInputSchema, resolverContestacaoFormSchema } from './schemas/contestacoes';

describe('the dispute schemas', () => {
  it('a dispute needs its reason; a confirmation does not', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(conferenciaInputSchema.safeParse({ lancamentoId: id, reconhece: true }).success).toBe(true);
    const semMotivo = conferenciaInputSchema.safeParse({ lancamentoId: id, reconhece: false, motivo: '' });
    expect(semMotivo.success).toBe(false);
    expect(semMotivo.error?.issues.map((i) => i.message)).toContain('motivoContestacaoObrigatorio');
    expect(conferenciaInputSchema.parse({ lancamentoId: id, reconhece: false, motivo: '  Não fui eu ' }).motivo).toBe('Não fui eu');
    expect(conferenciaInputSchema.safeParse({ lancamentoId: id, reconhece: false, motivo: 'x'.repeat(281) }).success).toBe(false);
  });

  it('the resolution form reads the right amount by the locale, only when correcting', () => {
    expect(resolverContestacaoFormSchema('pt-BR').parse({ acao: 'corrigida', resposta: ' Ok ', valorCorreto: '1.234,50' })).toEqual({ acao: 'corrigida', resposta: 'Ok', valorCorreto: 123_450 });
    expect(resolverContestacaoFormSchema('en-US').parse({ acao: 'corrigida', resposta: 'Ok', valorCorreto: '1,234.50' })).toMatchObject({ valorCorreto: 123_450 });
    expect(resolverContestacaoFormSchema('pt-BR').parse({ acao: 'corrigida', resposta: 'Zerado', valorCorreto: '0' })).toMatchObject({ valorCorreto: 0 });
    // Another action ignores whatever the amount field holds.
    expect(resolverContestacaoFormSchema('pt-BR').parse({ acao: 'respondida', resposta: 'Está certo', valorCorreto: 'abc' })).toEqual({ acao: 'respondida', resposta: 'Está certo' });
    const ruim = resolverContestacaoFormSchema('pt-BR').safeParse({ acao: 'corrigida', resposta: '', valorCorreto: 'abc' });
    expect(ruim.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['valorCorreto', 'valorInvalido'],
      ['resposta', 'respostaObrigatoria'],
    ]);
    expect(resolverContestacaoFormSchema('pt-BR').safeParse({ acao: 'corrigida', resposta: 'Ok', valorCorreto: '' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['valorCorreto']);
    expect(resolverContestacaoFormSchema('pt-BR').safeParse({ acao: 'corrigida', resposta: 'Ok', valorCorreto: '99.999.999,99' }).error?.issues.map((i) => i.message)).toEqual(['tooLarge']);
  });
});
