import { describe, expect, it } from 'vitest';
import { formatDocumento, isValidDocumento, normalizeDocumento } from './documento';
import { isValidCnpj, isValidCpf } from './pix';
import { FUSOS_HORARIOS, utcOffsetLabel } from './fusos';
import { telefoneSchema } from './schemas/clientes';
import { alterarSenhaInputSchema, lojaInputSchema, perfilInputSchema } from './schemas/configuracoes';

describe('CPF and CNPJ', () => {
  it.each(['52998224725', '11144477735'])('accepts the CPF %s', (cpf) => expect(isValidCpf(cpf)).toBe(true));
  it.each(['52998224724', '11111111111', '5299822472', '529982247250', 'abcdefghijk'])('refuses the CPF %s', (cpf) => expect(isValidCpf(cpf)).toBe(false));
  it.each(['11222333000181', '11444777000161'])('accepts the CNPJ %s', (cnpj) => expect(isValidCnpj(cnpj)).toBe(true));
  it.each(['11222333000180', '00000000000000', '1122233300018'])('refuses the CNPJ %s', (cnpj) => expect(isValidCnpj(cnpj)).toBe(false));

  it('reads either by its length, typed with punctuation', () => {
    expect(isValidDocumento(normalizeDocumento('529.982.247-25'))).toBe(true);
    expect(isValidDocumento(normalizeDocumento('11.222.333/0001-81'))).toBe(true);
    expect(isValidDocumento(normalizeDocumento('123.456'))).toBe(false);
  });

  it('formats them back', () => {
    expect(formatDocumento('52998224725')).toBe('529.982.247-25');
    expect(formatDocumento('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocumento(null)).toBe('');
  });
});

describe('time zones', () => {
  it('are whole hours from UTC on every day of the year, so a day starts on a whole UTC hour', () => {
    for (const { id } of FUSOS_HORARIOS) {
      for (let month = 0; month < 12; month++) {
        const label = utcOffsetLabel(id, new Date(Date.UTC(2025, month, 15)));
        expect(label, `${id} in month ${month + 1}`).toMatch(/^UTC([+−]\d{2}:00)?$/);
      }
    }
  });

  it('show their offset', () => {
    expect(utcOffsetLabel('America/Sao_Paulo', new Date('2025-01-15T12:00:00Z'))).toBe('UTC−03:00');
    expect(utcOffsetLabel('America/Manaus', new Date('2025-01-15T12:00:00Z'))).toBe('UTC−04:00');
    expect(utcOffsetLabel('Europe/Lisbon', new Date('2025-07-15T12:00:00Z'))).toBe('UTC+01:00');
  });
});

describe('settings forms', () => {
  const loja = { nomeLoja: 'Loja', telefoneLoja: '', enderecoLoja: '', documento: '', fusoHorario: 'America/Sao_Paulo' };
  it('leave the optional shop fields empty as null', () => {
    expect(lojaInputSchema.parse(loja)).toEqual({ nomeLoja: 'Loja', telefoneLoja: null, enderecoLoja: null, documento: null, fusoHorario: 'America/Sao_Paulo' });
  });

  const perfil = { nome: 'Rita', avatar: null };
  it.each(['(11) 98765-4321', '+55 11 98765 4321', '011 3333-4444', '21 3333 4444'])('read the seller’s own phone %s as a customer’s phone is read', (typed) => {
    expect(perfilInputSchema.parse({ ...perfil, telefone: typed }).telefone).toBe(telefoneSchema.parse(typed));
  });

  it('clear the seller’s phone when blank, leave it alone when absent, and refuse what is no phone', () => {
    expect(perfilInputSchema.parse({ ...perfil, telefone: '  ' }).telefone).toBeNull();
    // Absent: a tab still running the app from before the field; the stored phone stays.
    expect(perfilInputSchema.parse(perfil)).not.toHaveProperty('telefone');
    const message = (telefone: string) => perfilInputSchema.safeParse({ ...perfil, telefone }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(message('1234')).toEqual([['telefone', 'telefoneInvalido']]);
    expect(message('(00) 98765-4321')).toEqual([['telefone', 'telefoneInvalido']]);
    // Past the business maximum of a typed phone (40 characters), even if its digits would do.
    expect(message(`11987654321${' '.repeat(40)}1`)).toEqual([['telefone', 'telefoneInvalido']]);
  });

  it('password change: every field, at least 6 characters, the same twice (spec §5)', () => {
    const issues = (input: Record<string, string>) => alterarSenhaInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ senhaAtual: '', novaSenha: '', confirmarSenha: '' })).toEqual([
      ['senhaAtual', 'senhaCamposObrigatorios'],
      ['novaSenha', 'senhaCamposObrigatorios'],
      ['confirmarSenha', 'senhaCamposObrigatorios'],
    ]);
    expect(issues({ senhaAtual: 'a', novaSenha: '12345', confirmarSenha: '12345' })).toEqual([['novaSenha', 'senhaMuitoCurta']]);
    expect(issues({ senhaAtual: 'a', novaSenha: '123456', confirmarSenha: '123457' })).toEqual([['confirmarSenha', 'senhasNaoConferem']]);
    expect(issues({ senhaAtual: 'a', novaSenha: '123456', confirmarSenha: '123456' })).toBeUndefined();
  });
});
