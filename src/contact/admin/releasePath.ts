/** Where the admin's release button posts: `/api/form-submissions/<id>/release`. */
export const RELEASE_PATH = '/:id/release'
export const releaseUrl = (id: number | string) => `/api/form-submissions/${encodeURIComponent(String(id))}/release`

export const RELEASE_MESSAGES = {
  released: 'Released: the message is queued for delivery.',
  notHeld: 'This message is not held for review (it may have been released already).',
  forbidden: 'Only editors and admins can release held messages.',
} as const
