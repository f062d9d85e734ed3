import { describe, expect, it } from 'vitest';
import { caracteresForaDoPix, isValidCnpj, isValidCpf, leiturasChavePix, normalizarChavePix, textoDoPix } from './pix';
import { pixConfigInputSchema, taxaCartao, valoresPagamentoOnline } from './schemas/portal';

describe('PIX keys', () => {
  it('checks CPF and CNPJ check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
  });

  it('normalises each kind to the BR Code form', () => {
    expect(normalizarChavePix('529.982.247-25')).toEqual({ tipo: 'cpf', chave: '52998224725' });
    expect(normalizarChavePix('11.222.333/0001-81')).toEqual({ tipo: 'cnpj', chave: '11222333000181' });
    expect(normalizarChavePix(' Loja@Exemplo.com.br ')).toEqual({ tipo: 'email', chave: 'loja@exemplo.com.br' });
    expect(normalizarChavePix('(81) 99876-5432')).toEqual({ tipo: 'telefone', chave: '+5581998765432' });
    expect(normalizarChavePix('+55 81 99876-5432')).toEqual({ tipo: 'telefone', chave: '+5581998765432' });
    expect(normalizarChavePix('123E4567-E89B-42D3-A456-426614174000')).toEqual({ tipo: 'aleatoria', chave: '123e4567-e89b-42d3-a456-426614174000' });
  });

  it('never guesses between two readings: 11 bare digits that are a CPF and a mobile number are asked about', () => {
    expect(leiturasChavePix('11987654374')).toEqual([
      { tipo: 'cpf', chave: '11987654374' },
      { tipo: 'telefone', chave: '+5511987654374' },
    ]);
    expect(normalizarChavePix('11987654374')).toBeNull();
    expect(normalizarChavePix('11987654374', 'cpf')).toEqual({ tipo: 'cpf', chave: '11987654374' });
    expect(normalizarChavePix('11987654374', 'telefone')).toEqual({ tipo: 'telefone', chave: '+5511987654374' });
    expect(normalizarChavePix('11987654374', 'email')).toBeNull();
    // Written as one or the other, or only one of them valid: one reading.
    expect(leiturasChavePix('119.876.543-74')).toEqual([{ tipo: 'cpf', chave: '11987654374' }]);
    expect(leiturasChavePix('(11) 98765-4374')).toEqual([{ tipo: 'telefone', chave: '+5511987654374' }]);
    expect(leiturasChavePix('+5511987654374')).toEqual([{ tipo: 'telefone', chave: '+5511987654374' }]);
    expect(leiturasChavePix('11987654321')).toEqual([{ tipo: 'telefone', chave: '+5511987654321' }]);
    expect(leiturasChavePix('52998224725')).toEqual([{ tipo: 'cpf', chave: '52998224725' }]);
    expect(leiturasChavePix('11222333000181')).toEqual([{ tipo: 'cnpj', chave: '11222333000181' }]);

    const sem = pixConfigInputSchema.safeParse({ chave: '11987654374', nomeRecebedor: 'Loja', cidade: 'Recife' });
    expect(sem.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['tipo', 'chavePixAmbigua']]);
    expect(pixConfigInputSchema.safeParse({ chave: '11987654374', tipo: 'telefone', nomeRecebedor: 'Loja', cidade: 'Recife' }).success).toBe(true);
    const outro = pixConfigInputSchema.safeParse({ chave: '11987654374', tipo: 'cnpj', nomeRecebedor: 'Loja', cidade: 'Recife' });
    expect(outro.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['tipo', 'chavePixTipoNaoConfere']]);
  });

  it('refuses landlines, bad digits, broken e-mails and free text', () => {
    for (const bad of ['(81) 3456-7890', '529.982.247-24', 'loja@', 'pix da loja', '', 'a'.repeat(101)]) expect(normalizarChavePix(bad), bad).toBeNull();
  });

  it('takes the e-mails a payment app takes: no one-letter top-level domain, quotes, stray dots or 64-letter labels', () => {
    for (const bad of ['a@b.c', 'a"b@x.co', `x@${'a'.repeat(70)}.com`, '.loja@x.com', 'lo..ja@x.com', 'loja.@x.com', "loja'@x.com", 'loja@-x.com', 'loja@x.c0m']) {
      expect(normalizarChavePix(bad), bad).toBeNull();
    }
    for (const good of ["o'neil@loja.com.br", 'vendas+pix@mercadinho.com', 'ze_da-loja@sub.dominio.net']) expect(normalizarChavePix(good)?.tipo, good).toBe('email');
  });

  it('name and city take only what a BR Code shows: letters (accents fold), digits, spaces and . , - / & \'', () => {
    expect(textoDoPix('  Mercadinho  São João ')).toBe('Mercadinho Sao Joao');
    expect(textoDoPix("D'Ávila & Filhos Ltda., Embu-Guaçu/SP")).toBe("D'Avila & Filhos Ltda., Embu-Guacu/SP");
    expect(textoDoPix('日本語')).toBe('');
    expect(textoDoPix('<b>x</b>{nome}')).toBe('bx/bnome');
    expect(caracteresForaDoPix('<b>x</b>{nome} 😀')).toEqual(['<', '>', '{', '}', '😀']);
    expect(caracteresForaDoPix("Padaria Pão & Cia. D'Ávila")).toEqual([]);
    const invalidos = pixConfigInputSchema.safeParse({ chave: 'loja@exemplo.com', nomeRecebedor: '<b>x</b>{nome}', cidade: 'Recife {loja}' });
    expect(invalidos.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['nomeRecebedor', 'pixCaracteresInvalidos'],
      ['cidade', 'pixCaracteresInvalidos'],
    ]);
    for (const outro of ['日本語', 'Zé 😀', 'Loja!', 'Loja*', 'x$1']) {
      expect(pixConfigInputSchema.safeParse({ chave: 'loja@exemplo.com', nomeRecebedor: outro, cidade: 'Açu' }).error?.issues[0]?.message, outro).toBe('pixCaracteresInvalidos');
    }
    const semLetras = pixConfigInputSchema.safeParse({ chave: 'loja@exemplo.com', nomeRecebedor: '- / -', cidade: 'Açu' });
    expect(semLetras.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['nomeRecebedor', 'pixSemLetrasLatinas']]);
    expect(pixConfigInputSchema.safeParse({ chave: 'loja@exemplo.com', nomeRecebedor: "Zé D'Ávila & Cia.", cidade: 'Açu' }).success).toBe(true);
  });

  it('the settings form needs name and city with a key, and nothing without one', () => {
    expect(pixConfigInputSchema.safeParse({ chave: '', nomeRecebedor: '', cidade: '' }).success).toBe(true);
    const missing = pixConfigInputSchema.safeParse({ chave: 'loja@exemplo.com', nomeRecebedor: '', cidade: '' });
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['nomeRecebedor', 'cidade']);
    const bad = pixConfigInputSchema.safeParse({ chave: 'xyz', nomeRecebedor: 'Loja', cidade: 'Recife' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['chave'], message: 'chavePixInvalida' });
  });
});

describe('online payment amounts', () => {
  it('adds 5% to card payments, rounded half up, and nothing to PIX', () => {
    expect(taxaCartao(10_000)).toBe(500);
    expect(taxaCartao(1_001)).toBe(50);
    expect(taxaCartao(1_010)).toBe(51);
    expect(taxaCartao(1)).toBe(0);
    // The customer page passes the percentage the server sent.
    expect(taxaCartao(1_001, 10)).toBe(100);
    expect(valoresPagamentoOnline(4_590, 'cartao')).toEqual({ valorBase: 4_590, taxa: 230, valorTotal: 4_820, parcelasMax: 12 });
    expect(valoresPagamentoOnline(4_590, 'pix')).toEqual({ valorBase: 4_590, taxa: 0, valorTotal: 4_590, parcelasMax: 1 });
  });
});

describe('{pix} in messages', () => {
  it('puts the code where the template asks, and drops the placeholder when there is none', async () => {
    const { preencherPix } = await import('./pix');
    const code = '00020126580014br.gov.bcb.pix6304ABCD';
    expect(preencherPix('Olá! Pague por PIX:\n{pix}\nObrigado', code)).toBe(`Olá! Pague por PIX:\n${code}\nObrigado`);
    expect(preencherPix('Olá! Pague por PIX: {pix}\n\n\nObrigado', null)).toBe('Olá! Pague por PIX:\n\nObrigado');
    expect(preencherPix('Sem placeholder', code)).toBe('Sem placeholder');
  });
});
