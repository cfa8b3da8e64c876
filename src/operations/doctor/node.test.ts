import { describe, expect, it } from 'vitest'
import { nodeCheck, satisfies } from './node'

const requirement = { engines: '^24.11.0', pinned: '24.21.0' }

describe('the Node check', () => {
  it('reads a caret range as this major from that version on, and >= as that version on', () => {
    expect(satisfies('24.11.0', '^24.11.0')).toBe(true)
    expect(satisfies('v24.21.3', '^24.11.0')).toBe(true)
    expect(satisfies('24.10.9', '^24.11.0')).toBe(false)
    expect(satisfies('25.0.0', '^24.11.0')).toBe(false)
    expect(satisfies('25.0.0', '>=24.11.0')).toBe(true)
    expect(satisfies('24.0.0', '~24.1')).toBeNull()
  })

  it('is ok on the pinned version, warns on another in the range and fails outside it, naming the fix', () => {
    expect(nodeCheck('v24.21.0', requirement)).toMatchObject({ name: 'node', status: 'ok' })
    const other = nodeCheck('v24.12.0', requirement)
    expect(other).toMatchObject({ status: 'warn', detail: 'Node 24.12.0, not the 24.21.0 package.json pins' })
    expect(other.fix).toContain('npm ci')
    const old = nodeCheck('v20.19.0', requirement)
    expect(old).toMatchObject({ status: 'fail', detail: 'Node 20.19.0, outside ^24.11.0 (package.json)' })
    expect(old.fix).toContain('24.21.0')
  })

  it('fails on an engines range it cannot read rather than passing it', () => {
    expect(nodeCheck('v24.21.0', { engines: '24.x', pinned: '24.21.0' })).toMatchObject({
      status: 'fail',
      fix: 'write it as ^MAJOR.MINOR.PATCH',
    })
  })
})
