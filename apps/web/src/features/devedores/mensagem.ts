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

type DevedorMensagem = Pick<Devedor, 'nome' | 'login' | 'saldoPendente' | 'dataVencimento' | 'diasEmAtraso' | 'faixa' | 'pix'>;

/** The placeholders' values for a debtor, in the shop's language and currency (what the customer reads). */
const valoresDoDevedor = (devedor: DevedorMensagem, config: CobrancaConfig, origin: string): ValoresMensagem =>
  valoresDaMensagem(devedor, { nome: config.loja.nome, idioma: config.idioma, moeda: config.moeda }, origin);

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
