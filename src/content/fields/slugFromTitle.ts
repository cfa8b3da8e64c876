/** A slug from a title: lower-case ASCII words joined by single dashes ("FAQ’s & Fees" → "faqs-fees"). */
export function slugifyTitle(title: unknown): string {
  if (typeof title !== 'string') return ''
  return (
    title
      .normalize('NFKD')
      // Accents come apart from their letters above; drop them, and apostrophes inside words.
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’‘`]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  )
}
