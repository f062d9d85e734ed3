import {
  isValidPhone,
  mensagemDaFaixa,
  montarMensagem,
  whatsappLink,
  type CobrancaConfig,
  type Devedor,
  type TipoMensagem,
  type ValoresMensagem,
  valoresDaMensagem,
} from '@caderneta/shared';

type DevedorMensagem = Pick<Devedor, 'nome' | 'login' | 'saldoPendente' | 'dataVencimento' | 'diasEmAtraso' | 'faixa' | 'pix'> & Partial<Pick<Devedor, 'parcela'>>;

/**
 * The placeholders' values for a debtor, in the shop's language and currency (what the customer
 * reads). A debtor with instalments is asked for what falls due on the instalment's date (its
 * `devido`; the server's {pix} charges the same), not for all they owe.
 */
const valoresDoDevedor = (devedor: DevedorMensagem, config: CobrancaConfig, origin: string): ValoresMensagem =>
  valoresDaMensagem({ ...devedor, saldoPendente: devedor.parcela?.devido ?? devedor.saldoPendente }, { nome: config.loja.nome, idioma: config.idioma, moeda: config.moeda }, origin);

/** A template filled in for a debtor (the formal tier also names the shop and its CPF/CNPJ). */
export function preencher(tipo: TipoMensagem, template: string, devedor: DevedorMensagem, config: CobrancaConfig, origin: string): string {
  return montarMensagem({ tipo, template, valores: valoresDoDevedor(devedor, config, origin), documento: config.loja.documento, language: config.idioma });
}

/** The message of the debtor's tier today: friendly before the due date, then gentil, firme, formal. */
export function mensagemDoDevedor(devedor: DevedorMensagem, config: CobrancaConfig, origin: string): string {
  const tipo = mensagemDaFaixa(devedor.faixa);
  return preencher(tipo, config.mensagens[tipo], devedor, config, origin);
}

/** `https://wa.me/55{digits}?text=…`, or null when the phone cannot receive WhatsApp. */
export function whatsappDoDevedor(telefone: string, texto: string): string | null {
  return isValidPhone(telefone) ? whatsappLink(telefone, texto) : null;
}
