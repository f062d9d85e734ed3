import { GRUPOS_AUDITORIA, type GrupoAuditoria, type RegistroAuditoria } from '@caderneta/shared';
import type { FiltrosHistorico } from './api/get-auditoria';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATA = /^\d{4}-\d{2}-\d{2}$/;
/** The records that have a history of their own (the shop's settings are filtered by kind). */
const REGISTROS_COM_HISTORICO = ['venda', 'cliente', 'produto'] as const satisfies readonly RegistroAuditoria[];

/** The URL parameters that narrow the Histórico to one record: a customer, or a sale or product. */
export const PARAMETROS_DO_REGISTRO = ['clienteId', 'registro', 'registroId'] as const;
/** The filters of the toolbar. */
export const PARAMETROS_DOS_FILTROS = ['autor', 'grupo', 'de', 'ate'] as const;

/**
 * The filters in the URL (`?autor=&grupo=&de=&ate=`, and `?clienteId=` or `?registro=&registroId=`
 * from a customer, sale or product): what the page reads and the CSV exports. A value the API would
 * refuse (a malformed id or date, an end before the start) is left out rather than failing the page.
 */
export function filtrosDaUrl(params: URLSearchParams): FiltrosHistorico {
  const texto = (chave: string) => params.get(chave)?.trim() || undefined;
  const id = (chave: string) => {
    const valor = texto(chave);
    return valor && UUID.test(valor) ? valor : undefined;
  };
  const data = (chave: string) => {
    const valor = texto(chave);
    return valor && DATA.test(valor) ? valor : undefined;
  };
  const grupo = texto('grupo');
  const registro = texto('registro');
  const registroId = id('registroId');
  const de = data('de');
  const ate = data('ate');
  const autor = texto('autor');
  return {
    autor: autor && autor.length <= 100 ? autor : undefined,
    grupo: (GRUPOS_AUDITORIA as readonly string[]).includes(grupo ?? '') ? (grupo as GrupoAuditoria) : undefined,
    de,
    ate: de && ate && ate < de ? undefined : ate,
    clienteId: id('clienteId'),
    registro: registroId && (REGISTROS_COM_HISTORICO as readonly string[]).includes(registro ?? '') ? (registro as RegistroAuditoria) : undefined,
    registroId,
  };
}
