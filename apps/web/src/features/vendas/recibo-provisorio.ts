import type { Cliente, FormaPagamento } from '@caderneta/shared';
import type { Desconto } from '@caderneta/shared/descontos';
import type { useFormatters } from '@/lib/format';
import type { ReciboProvisorio } from '@/offline/banco';
import { descontoDaLinha, ehAvulso, type ItemCarrinho, precoCobrado, resumoCarrinho, valorBruto } from './carrinho';

/**
 * The receipt of a sale that went to the outbox, written from the cart as it was sold (the same
 * sums the server charges with: resumoCarrinho → calcularDescontos), with who is selling. Provisional:
 * the sale has no number until the server takes it.
 */
export function reciboDoCarrinho(
  venda: { itens: ItemCarrinho[]; desconto: Desconto | null; cliente: Cliente | null; forma: FormaPagamento; feitaEm: Date; atendente: string | null },
  fmt: ReturnType<typeof useFormatters>,
  nomeAvulso: (descricao: string | null) => string,
): ReciboProvisorio {
  const resumo = resumoCarrinho(venda.itens, venda.desconto);
  return {
    feitaEm: venda.feitaEm.toISOString(),
    clienteNome: venda.forma === 'fiado' ? (venda.cliente?.nome ?? null) : null,
    formaPagamento: venda.forma,
    atendente: venda.atendente,
    linhas: venda.itens.map((item) => ({
      descricao: ehAvulso(item) ? nomeAvulso(item.descricao) : item.nome,
      detalhe: ehAvulso(item) ? '' : `${fmt.quantidade(item.quantidade, item.unidade)} × ${fmt.preco(precoCobrado(item), item.unidade)}`,
      valor: valorBruto(item) - (descontoDaLinha(item) ?? 0),
    })),
    subtotal: resumo.subtotal,
    desconto: resumo.desconto,
    total: resumo.total ?? 0,
  };
}
