/** A relationship's id, whether the field holds the id or the populated document; null when empty. */
export const relationId = <Id extends number | string>(value: unknown): Id | null =>
  value === null || value === undefined || value === ''
    ? null
    : typeof value === 'object'
      ? (value as { id: Id }).id
      : (value as Id)
