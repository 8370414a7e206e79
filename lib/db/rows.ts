/** The rows of a raw `db.execute()`: postgres.js returns them as an array, PGlite as an object holding `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
