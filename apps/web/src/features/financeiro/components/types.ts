/** What the ledger dialogs need of a customer (any customer-shaped object will do). */
export interface ClienteSaldo {
  id: string;
  nome: string;
  saldoAtual: number;
  saldoPendente: number;
}
