import type { Payload } from 'payload'
import { database, identifier, sql } from '@/platform/sql'

/**
 * Payload's jobs, claimed by one statement each so that several instances never run the same job
 * twice (Payload's own runner reads the due jobs first and marks them after). A claim is a lease:
 * its holder keeps `updated_at` fresh while it runs; a claim left older than the lease belongs to
 * a process that died, and is freed to run again.
 */
export type JobKind = {
  /** Which jobs: those of a queue, or of a task. */
  by: 'queue' | 'task_slug'
  name: string
  /** Which of the due jobs goes first. */
  order: 'created_at' | 'wait_until'
}

const ofKind = (kind: JobKind) => sql`${identifier(kind.by)} = ${kind.name}`

/** Marks up to `limit` jobs of the kind due by `dueBy` as processing and answers their ids. */
export async function claimDueJobs(payload: Payload, kind: JobKind, limit = 1, dueBy = Date.now()): Promise<number[]> {
  const db = database(payload)
  const at = new Date().toISOString()
  const due = new Date(dueBy).toISOString()
  // PostgreSQL lets concurrent claims pass over each other's rows; SQLite's single writer needs no such clause.
  const skipLocked = db.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``
  const rows = await db.all(sql`
    UPDATE payload_jobs SET processing = true, updated_at = ${at}
    WHERE processing = false AND id IN (
      SELECT id FROM payload_jobs
      WHERE ${ofKind(kind)} AND processing = false AND completed_at IS NULL
        AND (has_error IS NULL OR has_error = false) AND (wait_until IS NULL OR wait_until <= ${due})
      ORDER BY ${identifier(kind.order)} LIMIT ${limit} ${skipLocked})
    RETURNING id`)
  return rows.map((row) => Number(row.id))
}

/** Frees the kind's claims older than `leaseMs`: their holder died mid-run. Answers their ids. */
export async function reclaimStaleJobs(payload: Payload, kind: JobKind, leaseMs: number, now = Date.now()) {
  const rows = await database(payload).all(sql`
    UPDATE payload_jobs SET processing = false, updated_at = ${new Date(now).toISOString()}
    WHERE ${ofKind(kind)} AND processing = true AND completed_at IS NULL
      AND updated_at < ${new Date(now - leaseMs).toISOString()}
    RETURNING id`)
  return rows.map((row) => Number(row.id))
}

/** Extends a claim on a job; false when the job is no longer claimed (done, or taken over). */
export async function renewLease(payload: Payload, jobId: number | string, now = Date.now()): Promise<boolean> {
  const rows = await database(payload).all(sql`
    UPDATE payload_jobs SET updated_at = ${new Date(now).toISOString()}
    WHERE id = ${jobId} AND processing = true AND completed_at IS NULL
    RETURNING id`)
  return rows.length === 1
}
