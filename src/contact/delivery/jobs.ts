import type { JobsConfig } from 'payload'
import { hasRole, type Role } from '@/platform/access'
import { contactDeliveryTasks } from './deliver'

const adminOnly = ({ req }: { req: { user?: unknown } }) => hasRole(req.user as { roles?: Role[] } | null, 'admin')

/**
 * The jobs queue as the contact pipeline uses it. It is run by the contact queue runner
 * (src/contact/delivery/runner.ts), started with the server, not by Payload's autoRun.
 */
export function contactJobs(): JobsConfig {
  return {
    tasks: contactDeliveryTasks(),
    access: { run: adminOnly, queue: adminOnly, cancel: adminOnly },
    deleteJobOnComplete: true,
  }
}
