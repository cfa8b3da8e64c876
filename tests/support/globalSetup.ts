// Once per Vitest run, before any worker starts: one PostgreSQL server that every suite needing a
// database (not a server of its own to kill) shares, each suite on its own database in it
// (tests/support/sharedPostgres.ts).
import type { TestProject } from 'vitest/node'
import { startTempPostgres } from './postgres'

export default async function setUpSharedServers(project: TestProject) {
  const postgres = await startTempPostgres()
  project.provide('sharedPostgresUrl', postgres.url)
  return () => postgres.stop()
}
