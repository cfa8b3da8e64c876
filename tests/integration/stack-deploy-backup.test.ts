// The stack's deploy backs up before it migrates (deploy/lib/backupBeforeDeploy.mjs): the stack's
// own backup (`scripts/backup.mjs --stack`) run to its end; when it fails, the deploy stops there
// with words saying why and what to do. (A server's deploy takes it as a step of its plan:
// server-deploy-plan.test.ts.)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { backupStackBeforeMigrating } from '../../deploy/lib/backupBeforeDeploy.mjs'
import { freePort } from '../support/ports'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-deploy-backup-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('the backup before a stack deploy migrates', () => {
  it('stops the deploy when the stack’s backup fails (its PostgreSQL down), saying why and what to do', async () => {
    const backupDir = path.join(work, 'backups')
    const env = {
      ...process.env,
      STACK_DIR: path.join(work, 'stack'),
      STACK_PG_PORT: String(await freePort()),
      BACKUP_DIR: backupDir,
    }
    expect(() => backupStackBeforeMigrating({ env })).toThrow(
      /^the backup before migrating failed \(scripts\/backup\.mjs --stack exited with 1\), so the deploy stopped there and the running release is untouched: see its output above, then deploy again, or deploy with --no-backup to go ahead without one$/,
    )
    expect(fs.existsSync(backupDir) ? fs.readdirSync(backupDir) : []).toEqual([])
  })
})
