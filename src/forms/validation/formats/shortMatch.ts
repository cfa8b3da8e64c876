/** A pattern test that refuses values longer than any legal one before the pattern runs. */
export const shortMatch = (pattern: RegExp, maxLength: number) => (value: string) =>
  value.length <= maxLength && pattern.test(value)
