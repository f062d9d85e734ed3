/**
 * Time zones a shop may choose: Brazil's, then neighbours and a few places Brazilian shops sell
 * from. Every one is a whole number of hours from UTC all year (daylight saving moves by whole
 * hours too), so a calendar day always starts on a whole UTC hour — reports and jobs rely on it.
 * `cidade` is the label people recognise; the offset is computed where it is shown.
 */
export const FUSOS_HORARIOS = [
  { id: 'America/Noronha', cidade: 'Fernando de Noronha' },
  { id: 'America/Sao_Paulo', cidade: 'Brasília, São Paulo, Rio de Janeiro' },
  { id: 'America/Bahia', cidade: 'Salvador' },
  { id: 'America/Fortaleza', cidade: 'Fortaleza' },
  { id: 'America/Recife', cidade: 'Recife' },
  { id: 'America/Maceio', cidade: 'Maceió' },
  { id: 'America/Belem', cidade: 'Belém' },
  { id: 'America/Araguaina', cidade: 'Palmas, Araguaína' },
  { id: 'America/Santarem', cidade: 'Santarém' },
  { id: 'America/Manaus', cidade: 'Manaus' },
  { id: 'America/Cuiaba', cidade: 'Cuiabá' },
  { id: 'America/Campo_Grande', cidade: 'Campo Grande' },
  { id: 'America/Porto_Velho', cidade: 'Porto Velho' },
  { id: 'America/Boa_Vista', cidade: 'Boa Vista' },
  { id: 'America/Rio_Branco', cidade: 'Rio Branco' },
  { id: 'America/Eirunepe', cidade: 'Eirunepé' },
  { id: 'America/Argentina/Buenos_Aires', cidade: 'Buenos Aires' },
  { id: 'America/Montevideo', cidade: 'Montevidéu' },
  { id: 'America/Asuncion', cidade: 'Assunção' },
  { id: 'America/Santiago', cidade: 'Santiago' },
  { id: 'America/La_Paz', cidade: 'La Paz' },
  { id: 'America/Lima', cidade: 'Lima' },
  { id: 'America/Bogota', cidade: 'Bogotá' },
  { id: 'America/New_York', cidade: 'Nova York' },
  { id: 'Europe/Lisbon', cidade: 'Lisboa' },
  { id: 'Europe/Madrid', cidade: 'Madri' },
  { id: 'UTC', cidade: 'UTC' },
] as const;

export type FusoHorario = (typeof FUSOS_HORARIOS)[number]['id'];
export const FUSO_IDS = FUSOS_HORARIOS.map((f) => f.id) as unknown as readonly [FusoHorario, ...FusoHorario[]];

/** "UTC−03:00" for `timeZone` at `instant` (whole hours: the minutes are always 00). */
export function utcOffsetLabel(timeZone: string, instant: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(instant);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace('GMT', '') || '+00:00';
  return `UTC${offset.replace('-', '−')}`;
}
