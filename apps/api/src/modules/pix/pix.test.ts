import { describe, expect, it } from 'vitest';
import { generatePixPayload, getPixKeyInfo } from '@brazilian-utils/brazilian-utils';
import { caracteresForaDoPix, normalizarChavePix, textoDoPix } from '@caderneta/shared';

/*
 * The BR Code the customer page shows, decoded by a parser written here from Banco Central's
 * manual (EMV TLV fields, CRC16-CCITT-FALSE), independent of the library that generates it.
 */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const length = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`bad field at ${i}`);
    fields.set(id, text.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  if (i !== text.length) throw new Error('trailing bytes');
  return fields;
}

describe('CRC16-CCITT-FALSE (the parser’s own check)', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('the static PIX BR Code', () => {
  const code = generatePixPayload({ key: '+5511987654321', merchantName: 'Mercadinho São João', merchantCity: 'São Paulo', amount: 1234.5, description: 'Saldo' })!;

  it('has the manual’s fields: format, static, PIX GUI and key, MCC, BRL, amount, country, name, city', () => {
    const fields = parseTlv(code);
    expect(fields.get('00')).toBe('01');
    expect(fields.has('01') ? fields.get('01') : '11').toBe('11');
    const account = parseTlv(fields.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe('+5511987654321');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('1234.50');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('Mercadinho Sao Joao');
    expect(fields.get('60')).toBe('Sao Paulo');
    expect(parseTlv(fields.get('62')!).get('05')).toBe('***');
  });

  it('ends with a CRC that checks out, and a changed byte breaks it', () => {
    const fields = parseTlv(code);
    expect(fields.get('63')).toBe(crc16(code.slice(0, -4)));
    const tampered = code.replace('1234.50', '1234.59');
    expect(tampered.slice(-4)).not.toBe(crc16(tampered.slice(0, -4)));
  });
});

describe('PIX keys: the shared rule agrees with the library', () => {
  const samples = [
    '123.456.789-09',
    '12345678909',
    '123.456.789-00',
    '11.222.333/0001-81',
    '11222333000181',
    '11.222.333/0001-80',
    'Loja@Example.COM',
    'sem-arroba.com',
    'a@b.c',
    'a"b@x.co',
    `x@${'a'.repeat(70)}.com`,
    "o'neil@loja.com.br",
    "loja'@x.com",
    '.loja@x.com',
    'lo..ja@x.com',
    'vendas+pix@mercadinho.com',
    '(11) 98765-4321',
    '+55 11 98765-4321',
    '(11) 3456-7890',
    '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D',
    'qualquer coisa',
  ];
  it.each(samples)('%s', (sample) => {
    const ours = normalizarChavePix(sample);
    const theirs = getPixKeyInfo(sample);
    expect(ours?.chave ?? null).toBe(theirs?.value ?? null);
  });
});

describe('PIX receiver name and city: the shared rule agrees with the library', () => {
  const samples = ['Mercadinho São João', '日本語', '😀😀', 'Zé 😀', '  ', 'Loja\tdo Zé', 'Ação', 'ß', "D'Ávila & Cia. Ltda.", '<b>x</b>{nome}'];
  it.each(samples)('%s', (sample) => {
    const ours = textoDoPix(sample);
    // What we keep, the library carries as it is (it folds and trims nothing more).
    const code = generatePixPayload({ key: '+5511987654321', merchantName: ours, merchantCity: 'Recife', amount: 1 });
    expect(code !== null, 'the library makes a code').toBe(ours !== '');
    if (code) expect(parseTlv(code.slice(0, -8)).get('59')).toBe(ours.slice(0, 25));
    // A text the settings accept (nothing outside the set) reads the same in the library's own folding.
    if (caracteresForaDoPix(sample).length === 0 && ours) {
      const direct = generatePixPayload({ key: '+5511987654321', merchantName: sample, merchantCity: 'Recife', amount: 1 })!;
      expect(parseTlv(direct.slice(0, -8)).get('59')).toBe(ours.slice(0, 25));
    }
  });
});
