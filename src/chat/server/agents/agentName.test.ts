import { describe, expect, it } from 'vitest'
import { agentNameOf } from './agentName'

describe('the name visitors see for an agent', () => {
  it('is the display name from the profile first', () => {
    expect(agentNameOf({ email: 'ada@example.com', name: 'Ada Lovelace', displayName: ' Ada ' })).toBe('Ada')
  })

  it('falls back to the account name, then the email before the @', () => {
    expect(agentNameOf({ email: 'ada@example.com', name: 'Ada Lovelace', displayName: '  ' })).toBe('Ada Lovelace')
    expect(agentNameOf({ email: 'ada.l@example.com', name: null })).toBe('ada.l')
  })

  it('never is a role, such as the first admin’s "Site administrator"', () => {
    expect(agentNameOf({ email: 'owner@example.com', name: 'Site administrator' })).toBe('owner')
    expect(agentNameOf({ email: 'sam@example.com', name: 'Agent' })).toBe('sam')
    expect(agentNameOf({ email: 'owner@example.com', name: 'Site administrator', displayName: 'Sam' })).toBe('Sam')
  })
})
