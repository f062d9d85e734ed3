import { describe, expect, it } from 'vitest';
import { FAIXAS_LEMBRETE } from './devedores';
import {
  documentoComTipo,
  identificacaoCredor,
  MENSAGENS_PADRAO,
  mensagemDaFaixa,
  mensagensPadrao,
  montarMensagem,
  placeholdersDesconhecidos,
  PLACEHOLDERS_MENSAGEM,
  preencherMensagem,
  TIPOS_MENSAGEM,
  type ValoresMensagem,
} from './mensagens-cobranca';

const valores: ValoresMensagem = {
  nome: 'Maria',
  valor: 'R$ 150,00',
  saldo: 'R$ 150,00',
  link: 'https://loja.example.com/cliente/maria12345',
  loja: 'Mercadinho Bom Preço',
  vencimento: '01/03/2026',
  dias: '12',
  pix: null,
};
const CODIGO_PIX = '00020126360014br.gov.bcb.pix0114+55119876543215204000053039865406150.005802BR6304ABCD';

describe('message templates', () => {
  it('fills every placeholder, as often as it appears', () => {
    expect(preencherMensagem('{nome}, {nome}: {saldo} até {vencimento} ({dias} dias) — {loja} {link} {valor}', valores)).toBe(
      'Maria, Maria: R$ 150,00 até 01/03/2026 (12 dias) — Mercadinho Bom Preço https://loja.example.com/cliente/maria12345 R$ 150,00',
    );
  });

  it('leaves unknown placeholders as typed and lists them once', () => {
    expect(preencherMensagem('Olá {nomee} {nome}', valores)).toBe('Olá {nomee} Maria');
    expect(placeholdersDesconhecidos('Olá {nomee}, {nomee} {Nome} {} {saldo}')).toEqual(['{nomee}', '{Nome}', '{}']);
    expect(placeholdersDesconhecidos('Sem chaves, só texto { solto }')).toEqual([]);
  });

  it('has a polite default for every message in every language, using only known placeholders', () => {
    for (const [language, textos] of Object.entries(MENSAGENS_PADRAO)) {
      for (const tipo of TIPOS_MENSAGEM) {
        const texto = textos[tipo];
        expect(placeholdersDesconhecidos(texto), `${language} ${tipo}`).toEqual([]);
        expect(texto, `${language} ${tipo}`).toContain('{nome}');
        expect(texto, `${language} ${tipo}`).toContain('{link}');
        expect(texto, `${language} ${tipo}`).toContain('{loja}');
        expect(texto.length).toBeLessThanOrEqual(1000);
        // CDC art. 42: no threats, no shaming words.
        expect(texto).not.toMatch(/protesto|SPC|Serasa|justiça|processo|negativ|lawsuit|collections agency|demanda|judicial/i);
      }
    }
    // es-ES addresses the customer as "usted".
    for (const texto of Object.values(MENSAGENS_PADRAO['es-ES'])) expect(texto).not.toMatch(/\b(tú|tu|tus|te|puedes|tienes)\b/i);
  });

  it('picks the default of the shop language, pt-BR for any other', () => {
    expect(mensagensPadrao('en-US').gentil).toMatch(/^Hi \{nome\}/);
    expect(mensagensPadrao('fr-FR')).toBe(MENSAGENS_PADRAO['pt-BR']);
  });

  it('uses the default message before the due date and the tier message after', () => {
    expect(FAIXAS_LEMBRETE.map(mensagemDaFaixa)).toEqual(['padrao', 'gentil', 'firme', 'formal']);
  });

  it('knows exactly the placeholders the settings screen offers', () => {
    expect(PLACEHOLDERS_MENSAGEM).toEqual(['nome', 'valor', 'saldo', 'link', 'loja', 'vencimento', 'dias', 'pix']);
  });
});

describe('{pix}: the shop\'s PIX copia e cola in a message', () => {
  const template = 'Olá, {nome}! Sua conta de {saldo} venceu.\nPIX copia e cola:\n{pix}\nObrigado!';

  it('puts the code where the template asks', () => {
    expect(preencherMensagem(template, { ...valores, pix: CODIGO_PIX })).toBe(`Olá, Maria! Sua conta de R$ 150,00 venceu.\nPIX copia e cola:\n${CODIGO_PIX}\nObrigado!`);
    expect(preencherMensagem('Pague pelo PIX {pix} ou na loja', { ...valores, pix: CODIGO_PIX })).toBe(`Pague pelo PIX ${CODIGO_PIX} ou na loja`);
  });

  it('leaves it out cleanly when the shop has no PIX key: its own line and label, no gap, no doubled space', () => {
    expect(preencherMensagem(template, valores)).toBe('Olá, Maria! Sua conta de R$ 150,00 venceu.\nObrigado!');
    expect(preencherMensagem('Olá, {nome}!\nPIX copia e cola: \n  {pix}  ', valores)).toBe('Olá, Maria!');
    expect(preencherMensagem('Pague pelo link {link} {pix} ou na loja', valores)).toBe('Pague pelo link https://loja.example.com/cliente/maria12345 ou na loja');
    expect(preencherMensagem('{pix} Obrigado, {nome}!', valores)).toBe('Obrigado, Maria!');
    expect(preencherMensagem('Oi {nome}\n\n{pix}\n\nAté logo', valores)).toBe('Oi Maria\n\nAté logo');
    expect(montarMensagem({ tipo: 'gentil', template: 'Oi {nome}!\n{pix}', valores })).toBe('Oi Maria!');
  });

  it('fills every placeholder in one pass: a placeholder inside a value (the code, a name) stays as it is', () => {
    // A code made before the settings refused braces in the receiver's name: 59 13 "<b>x</b>{nome}".
    const codigo = '00020126360014br.gov.bcb.pix0114+55119876543215204000053039865406150.005802BR5914<b>x</b>{nome}6006Recife62070503***6304ABCD';
    const template = 'Olá, {nome}! PIX copia e cola:\n{pix}\n{loja}';
    const filled = preencherMensagem(template, { ...valores, nome: 'Maria {loja}', pix: codigo });
    expect(filled).toBe(`Olá, Maria {loja}! PIX copia e cola:\n${codigo}\nMercadinho Bom Preço`);
    expect(filled.split('\n')[1]).toBe(codigo);
    expect(montarMensagem({ tipo: 'formal', template, valores: { ...valores, pix: codigo }, documento: '11.222.333/0001-81' }).split('\n')[1]).toBe(codigo);
    // Without a code, a name holding "{pix}" is not taken for the placeholder either.
    expect(preencherMensagem('Oi {nome}\n{pix}', { ...valores, nome: 'Zé {pix}' })).toBe('Oi Zé {pix}');
  });

  it('is a known placeholder: a template using it saves', () => {
    expect(placeholdersDesconhecidos('Pague por PIX: {pix}')).toEqual([]);
  });
});

describe('creditor identification on formal notices (CDC art. 42-A)', () => {
  it('formats CNPJ and CPF from digits', () => {
    expect(documentoComTipo('12345678000190')).toBe('CNPJ 12.345.678/0001-90');
    expect(documentoComTipo('123.456.789-09')).toBe('CPF 123.456.789-09');
    expect(documentoComTipo(' 12345 ')).toBe('CPF/CNPJ 12345');
  });

  it('ends the formal message with the shop name and document when the shop has one', () => {
    const formal = montarMensagem({ tipo: 'formal', template: MENSAGENS_PADRAO['pt-BR'].formal, valores, documento: '12345678000190' });
    expect(formal).toContain('Mercadinho Bom Preço');
    expect(formal.endsWith('Credor: Mercadinho Bom Preço — CNPJ 12.345.678/0001-90')).toBe(true);
    expect(identificacaoCredor('Loja', '12345678909', 'es-ES')).toBe('Acreedor: Loja — CPF 123.456.789-09');
  });

  it('adds nothing without a document, nor on the other tiers, nor twice', () => {
    const sem = montarMensagem({ tipo: 'formal', template: 'Prezado {nome}', valores, documento: null });
    expect(sem).toBe('Prezado Maria');
    expect(montarMensagem({ tipo: 'gentil', template: 'Oi {nome}', valores, documento: '12345678000190' })).toBe('Oi Maria');
    const ja = montarMensagem({ tipo: 'formal', template: 'Loja {loja}, CNPJ 12.345.678/0001-90', valores, documento: '12345678000190' });
    expect(ja).toBe('Loja Mercadinho Bom Preço, CNPJ 12.345.678/0001-90');
  });
});
