/** The offline tests' "now": 16 March 2026, 12:00 in São Paulo. */
export const AGORA = '2026-03-16T15:00:00.000Z';
/** `dias` days before AGORA, at the same hour. */
export const diasAtras = (dias: number) => new Date(Date.parse(AGORA) - dias * 86_400_000).toISOString();
/** The body's part that says it was queued on the device at `feitaEm` (ADR 034). */
export const offline = (feitaEm = diasAtras(1)) => ({ offline: { feitaEm } });
