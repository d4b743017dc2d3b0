import type { StoredValue } from '../../entities/types.js';
import { ValidationError } from '../../errors.js';
import { digitsOf } from '../../http/digits.js';

/**
 * CS-Cart's `period` filter as a range of Unix timestamps (UTC): A all, D today, LD yesterday, W this
 * week (from Monday), LW last week, M this month, LM last month, Y this year, LY last year, HH the last
 * 24 hours, HW the last 7 days, HM the last 30 days, C custom (`time_from` / `time_to`, each a Unix
 * timestamp or a YYYY-MM-DD date; a date's `time_to` covers the whole day). Without `period`,
 * `time_from` / `time_to` alone also apply.
 */
export function periodRange(filters: Record<string, StoredValue>, now: number): { from?: number; to?: number } {
  const period =
    filters.period === undefined
      ? filters.time_from !== undefined || filters.time_to !== undefined
        ? 'C'
        : 'A'
      : String(filters.period);
  const day = 86_400;
  const today = Math.floor(now / day) * day;
  const date = new Date(now * 1000);
  const monthStart = (year: number, month: number) => Date.UTC(year, month, 1) / 1000;
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const weekStart = today - ((date.getUTCDay() + 6) % 7) * day;
  switch (period) {
    case 'D':
      return { from: today, to: today + day - 1 };
    case 'LD':
      return { from: today - day, to: today - 1 };
    case 'W':
      return { from: weekStart, to: weekStart + 7 * day - 1 };
    case 'LW':
      return { from: weekStart - 7 * day, to: weekStart - 1 };
    case 'M':
      return { from: monthStart(y, m), to: monthStart(y, m + 1) - 1 };
    case 'LM':
      return { from: monthStart(y, m - 1), to: monthStart(y, m) - 1 };
    case 'Y':
      return { from: monthStart(y, 0), to: monthStart(y + 1, 0) - 1 };
    case 'LY':
      return { from: monthStart(y - 1, 0), to: monthStart(y, 0) - 1 };
    case 'HH':
      return { from: now - day, to: now };
    case 'HW':
      return { from: now - 7 * day, to: now };
    case 'HM':
      return { from: now - 30 * day, to: now };
    case 'C':
      return { from: moment('time_from', filters.time_from, false), to: moment('time_to', filters.time_to, true) };
    default:
      return {};
  }
}

function moment(field: string, value: StoredValue | undefined, endOfDay: boolean): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const stamp = digitsOf(text, 12);
  if (stamp !== undefined) return stamp;
  // A date's digits are its year, month and day (query text, read as any other whole number in it).
  const [year, month, day] = (/^(\d{4})-(\d{2})-(\d{2})$/.exec(text)?.slice(1) ?? []).map((part) => digitsOf(part));
  const time =
    year !== undefined && month !== undefined && day !== undefined ? Date.UTC(year, month - 1, day) / 1000 : NaN;
  if (!Number.isFinite(time)) {
    const message = `The ${field} field must be a Unix timestamp or a date (YYYY-MM-DD)`;
    throw new ValidationError(message, [{ field, message }]);
  }
  return endOfDay ? time + 86_399 : time;
}
