// The service stores seconds and Laravel serialises them with six fractional digits,
// e.g. `2024-05-01T10:00:00.000000Z`; the client must parse exactly that.
export function toServiceTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '.000000Z');
}
