import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  chaveDoLembrete,
  dentroDaJanela,
  diaDaSemana,
  ehDiaDeEnvio,
  ehFeriadoNacional,
  etapaDaRegua,
  faixaDaEtapa,
  feriadosNacionais,
  horaNoFuso,
  instanteLocal,
  JANELA_PADRAO,
  pascoa,
  proximaAbertura,
} from './regua';
import { parametrosDoLembrete, preencherModelo, TEXTOS_MODELO } from './whatsapp';

const VENC = '2026-12-10';

describe('etapaDaRegua: the latest step a debtor reached', () => {
  it.each([
    [-5, null],
    [-4, null],
    [-3, 'antes'],
    [-1, 'antes'],
    [0, 'no_dia'],
    [1, 'gentil'],
    [7, 'gentil'],
    [8, 'firme'],
    [30, 'firme'],
    [31, 'formal'],
    [400, 'formal'],
  ])('%i days from the due date (3 days before it set): %s', (dias, etapa) => {
    expect(etapaDaRegua(VENC, addDays(VENC, dias), 3)).toBe(etapa);
  });

  it('without a step before the due date (0 days), the régua starts on the day', () => {
    expect(etapaDaRegua(VENC, addDays(VENC, -1), 0)).toBeNull();
    expect(etapaDaRegua(VENC, VENC, 0)).toBe('no_dia');
  });

  it('counts calendar days across month ends and leap days', () => {
    // February 2027 has 28 days: 26 Feb is 3 days before 1 March.
    expect(etapaDaRegua('2027-03-01', '2027-02-26', 3)).toBe('antes');
    expect(etapaDaRegua('2027-03-01', '2027-02-25', 3)).toBeNull();
    // 2028 is a leap year: 29 Feb exists, and 31 days after 31 Jan is 2 March.
    expect(etapaDaRegua('2028-02-29', '2028-02-29', 3)).toBe('no_dia');
    expect(etapaDaRegua('2028-01-31', '2028-03-01', 3)).toBe('firme');
    expect(etapaDaRegua('2028-01-31', '2028-03-02', 3)).toBe('formal');
    // Across the year's end.
    expect(etapaDaRegua('2026-12-31', '2027-01-01', 3)).toBe('gentil');
  });

  it('records before and on the day as "a vencer", the overdue steps as their tier', () => {
    expect([faixaDaEtapa('antes'), faixaDaEtapa('no_dia'), faixaDaEtapa('gentil'), faixaDaEtapa('firme'), faixaDaEtapa('formal')]).toEqual([
      'a_vencer',
      'a_vencer',
      'gentil',
      'firme',
      'formal',
    ]);
  });

  it('keys one step of one due date of one customer', () => {
    expect(chaveDoLembrete('c1', VENC, 'firme')).toBe('lembrete:c1:2026-12-10:firme');
    expect(chaveDoLembrete('c1', '2026-12-11', 'firme')).not.toBe(chaveDoLembrete('c1', VENC, 'firme'));
  });
});

describe('national holidays', () => {
  it.each([
    [2000, '2000-04-23'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter %i is %s', (ano, dia) => {
    expect(pascoa(ano)).toBe(dia);
  });

  it('are the fixed dates and Good Friday; Consciência Negra from 2024', () => {
    expect(feriadosNacionais(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
    expect(feriadosNacionais(2023)).not.toContain('2023-11-20');
    expect(ehFeriadoNacional('2027-03-26')).toBe(true);
    // Carnaval and Corpus Christi are optional days off, not holidays.
    expect(ehFeriadoNacional('2027-02-09')).toBe(false);
    expect(ehFeriadoNacional('2027-05-27')).toBe(false);
  });

  it('a sending day is one of the window’s weekdays and not a holiday', () => {
    expect(diaDaSemana('2026-11-29')).toBe(0);
    expect(ehDiaDeEnvio(JANELA_PADRAO, '2026-11-29')).toBe(false); // Sunday
    expect(ehDiaDeEnvio(JANELA_PADRAO, '2026-11-28')).toBe(true); // Saturday
    expect(ehDiaDeEnvio(JANELA_PADRAO, '2026-12-25')).toBe(false); // Christmas, a Friday
    expect(ehDiaDeEnvio({ ...JANELA_PADRAO, dias: [0] }, '2026-11-29')).toBe(true);
  });
});

describe('the sending window, on the shop’s clock', () => {
  const SP = 'America/Sao_Paulo';

  it('opens at the first hour and closes at the last (exclusive), in the shop’s zone', () => {
    // 1 Dec 2026 is a Tuesday; São Paulo is UTC−3 all year (no daylight saving since 2019).
    expect(dentroDaJanela(JANELA_PADRAO, new Date('2026-12-01T10:59:59Z'), SP)).toBe(false);
    expect(dentroDaJanela(JANELA_PADRAO, new Date('2026-12-01T11:00:00Z'), SP)).toBe(true);
    expect(dentroDaJanela(JANELA_PADRAO, new Date('2026-12-01T22:59:59Z'), SP)).toBe(true);
    expect(dentroDaJanela(JANELA_PADRAO, new Date('2026-12-01T23:00:00Z'), SP)).toBe(false);
    // The same instant is 07:00 in Manaus (UTC−4) and 09:00 in Noronha (UTC−2).
    expect(dentroDaJanela(JANELA_PADRAO, new Date('2026-12-01T11:00:00Z'), 'America/Manaus')).toBe(false);
    expect(dentroDaJanela(JANELA_PADRAO, new Date('2026-12-01T11:00:00Z'), 'America/Noronha')).toBe(true);
    expect(dentroDaJanela({ dias: [2], inicio: 0, fim: 24 }, new Date('2026-12-02T02:59:00Z'), SP)).toBe(true);
  });

  it('reads the shop’s day at midnight: 23:59 is still the day before', () => {
    expect(horaNoFuso(new Date('2026-12-02T02:59:00Z'), SP)).toEqual({ data: '2026-12-01', minutos: 23 * 60 + 59 });
    expect(horaNoFuso(new Date('2026-12-02T03:00:00Z'), SP)).toEqual({ data: '2026-12-02', minutos: 0 });
  });

  it('the next opening: now inside, later today, after a Sunday, after a holiday', () => {
    const agora = new Date('2026-12-01T15:00:00Z');
    expect(proximaAbertura(JANELA_PADRAO, agora, SP)).toEqual(agora);
    expect(proximaAbertura(JANELA_PADRAO, new Date('2026-12-01T09:00:00Z'), SP)).toEqual(new Date('2026-12-01T11:00:00Z'));
    // Saturday 5 Dec, 21:00 → Monday 7 Dec, 08:00.
    expect(proximaAbertura(JANELA_PADRAO, new Date('2026-12-06T00:00:00Z'), SP)).toEqual(new Date('2026-12-07T11:00:00Z'));
    // Thursday 24 Dec, 20:30 → Christmas is a holiday → Saturday 26 Dec, 08:00.
    expect(proximaAbertura(JANELA_PADRAO, new Date('2026-12-24T23:30:00Z'), SP)).toEqual(new Date('2026-12-26T11:00:00Z'));
  });

  it('turns a local time into the instant in zones with and without daylight saving', () => {
    for (const fuso of [SP, 'America/Manaus', 'America/Noronha', 'America/Santiago', 'America/Asuncion']) {
      for (let d = 0; d < 365; d += 17) {
        const dia = addDays('2026-01-03', d);
        expect(horaNoFuso(instanteLocal(dia, 8 * 60, fuso), fuso)).toEqual({ data: dia, minutos: 8 * 60 });
      }
    }
    expect(instanteLocal('2026-12-01', 8 * 60, SP)).toEqual(new Date('2026-12-01T11:00:00Z'));
  });
});

describe('the reminder template', () => {
  const base = { valor: 15_000, vencimento: VENC, nome: 'Ana', loja: 'Mercadinho', documento: '12345678000190', link: 'https://x/cliente/ana1', language: 'pt-BR' as const, currency: 'BRL' as const };

  it('says when the balance is due as the day it goes reads it', () => {
    expect(parametrosDoLembrete({ ...base, hoje: '2026-12-07' })[3]).toBe('vence em 10/12/2026');
    expect(parametrosDoLembrete({ ...base, hoje: VENC })[3]).toBe('vence hoje, 10/12/2026');
    expect(parametrosDoLembrete({ ...base, hoje: '2026-12-20' })[3]).toBe('venceu em 10/12/2026');
  });

  it('fills the text with this customer’s own facts and the creditor’s document', () => {
    const texto = preencherModelo(TEXTOS_MODELO.lembrete['pt-BR'], parametrosDoLembrete({ ...base, hoje: '2026-12-20' }));
    expect(texto).toContain('Olá, Ana! Um lembrete da loja Mercadinho: o saldo de R$');
    expect(texto).toContain('150,00 da sua conta venceu em 10/12/2026.');
    expect(texto).toContain('https://x/cliente/ana1');
    expect(texto).toContain('Credor: Mercadinho — CNPJ 12.345.678/0001-90.');
    expect(texto).not.toMatch(/\{\{\d\}\}/);
  });

  it('in each language', () => {
    expect(parametrosDoLembrete({ ...base, language: 'en-US', hoje: '2026-12-07' })[3]).toMatch(/^is due on /);
    expect(parametrosDoLembrete({ ...base, language: 'es-ES', hoje: '2026-12-20' })[3]).toMatch(/^venció el /);
  });
});
