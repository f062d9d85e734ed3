import { dateInTimeZone, type IsoDate } from '@caderneta/shared';

/**
 * Whether a finished run of a daily per-seller job for the shop's local day `periodo`, started at
 * `iniciadoEm`, is still that day's run now that the shop's time zone is `timeZone`: it is when it
 * started on that day (or later) as that zone reads the clock.
 *
 * Runs are keyed by the local date they ran for, but keyed by date alone a zone change skips a
 * day: after a westward move (São Paulo → Manaus) the run of day D started at 00:00 in São Paulo,
 * 23:00 of D − 1 in Manaus, so D would pass with no run in the shop's new calendar. Such a run is
 * not D's run any more: D runs again inside D (every daily job is safe to repeat: the backup of a
 * day is replaced, notifications are not announced twice, clean-ups find nothing left). An
 * eastward move needs nothing: the runs already made started on or after their day in the new
 * zone, and the new zone's day, not yet run, runs as usual. The runner's SQL (`runner.ts`,
 * `staleDaily`) applies this same rule.
 */
export function execucaoContaParaODia(periodo: IsoDate, iniciadoEm: Date, timeZone: string): boolean {
  return dateInTimeZone(iniciadoEm, timeZone) >= periodo;
}
