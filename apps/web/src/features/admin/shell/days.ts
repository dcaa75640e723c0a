/**
 * A filter form's days (YYYY-MM-DD): the form's "to" day is included, the API's `to` is not, so
 * the form sends the day after and shows the day before of what the address holds.
 */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function dayBefore(day: string): string {
  const previous = new Date(`${day}T00:00:00Z`);
  previous.setUTCDate(previous.getUTCDate() - 1);
  return previous.toISOString().slice(0, 10);
}
