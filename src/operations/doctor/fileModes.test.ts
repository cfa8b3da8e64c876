import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dataFolderCheck, secretsFileCheck } from './fileModes'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-modes-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

function fileWithMode(mode: number) {
  const file = path.join(dir, `site-${mode.toString(8)}.env`)
  fs.writeFileSync(file, 'PAYLOAD_SECRET=x\n')
  fs.chmodSync(file, mode)
  return file
}

describe('the file modes', () => {
  it('lets the secrets file be its owner’s alone, and fails when any other user may read or change it', () => {
    expect(secretsFileCheck(fileWithMode(0o600))).toMatchObject({ name: 'secrets', status: 'ok' })
    const open = fileWithMode(0o644)
    expect(secretsFileCheck(open)).toMatchObject({ status: 'fail', fix: expect.stringContaining(`chmod 600 ${open}`) })
    expect(secretsFileCheck(fileWithMode(0o640)).status).toBe('fail')
    expect(secretsFileCheck(fileWithMode(0o620)).status).toBe('fail')
    expect(secretsFileCheck(path.join(dir, 'missing.env')).status).toBe('off')
  })

  it('lets the site’s own group read a server’s site.env, and no other group', () => {
    const file = fileWithMode(0o640)
    const { gid } = fs.statSync(file)
    expect(secretsFileCheck(file, gid)).toMatchObject({ status: 'ok' })
    expect(secretsFileCheck(file, gid + 1).status).toBe('fail')
    expect(secretsFileCheck(fileWithMode(0o660), gid).status).toBe('fail')
  })

  it('fails when other users may enter the data folder, or when there is none', () => {
    const data = path.join(dir, 'data')
    fs.mkdirSync(data, { mode: 0o700 })
    fs.chmodSync(data, 0o710)
    expect(dataFolderCheck(data)).toMatchObject({ name: 'data folder', status: 'ok' })
    fs.chmodSync(data, 0o711)
    expect(dataFolderCheck(data)).toMatchObject({ status: 'fail', fix: `chmod o-rwx ${data}` })
    expect(dataFolderCheck(path.join(dir, 'nothing')).status).toBe('fail')
  })
})
