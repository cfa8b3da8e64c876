import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { User } from '@/payload-types'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>
const users: Record<'admin' | 'editor' | 'agent', User> = {} as never

const block = (text: string) => ({ blockType: 'hero', heading: text })

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  for (const role of ['admin', 'editor', 'agent'] as const) {
    users[role] = await payload.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: 'a-long-test-password', roles: [role] },
    })
  }
})
afterAll(() => cleanup?.())

async function createPage(slug: string, status: 'draft' | 'published', parent?: number) {
  return payload.create({
    collection: 'pages',
    data: { title: slug, slug, parent, layout: [block(slug)], _status: status } as never,
    draft: status === 'draft',
  })
}

describe('who may read and change what', () => {
  it('shows visitors published pages and hides drafts', async () => {
    await createPage('visible', 'published')
    await createPage('secret-draft', 'draft')
    const { docs } = await payload.find({ collection: 'pages', overrideAccess: false })
    const slugs = docs.map((doc) => doc.slug)
    expect(slugs).toContain('visible')
    expect(slugs).not.toContain('secret-draft')
  })

  it('refuses to list user accounts to visitors', async () => {
    await expect(payload.find({ collection: 'users', overrideAccess: false })).rejects.toThrow(/not allowed/i)
  })

  it('lets an editor edit pages but not accounts', async () => {
    const page = await createPage('editable', 'published')
    const updated = await payload.update({
      collection: 'pages',
      id: page.id,
      data: { title: 'Edited by editor' },
      user: users.editor,
      overrideAccess: false,
    })
    expect(updated.title).toBe('Edited by editor')
    await expect(
      payload.update({
        collection: 'users',
        id: users.agent.id,
        data: { name: 'x' },
        user: users.editor,
        overrideAccess: false,
      }),
    ).rejects.toThrow(/not allowed/i)
    await expect(
      payload.create({
        collection: 'users',
        data: { email: 'new@example.com', password: 'another-long-password', roles: ['admin'] },
        user: users.editor,
        overrideAccess: false,
      }),
    ).rejects.toThrow(/not allowed/i)
  })

  it('keeps an editor from giving themselves the admin role', async () => {
    const self = await payload.update({
      collection: 'users',
      id: users.editor.id,
      data: { roles: ['admin'] },
      user: users.editor,
      overrideAccess: false,
    })
    expect(self.roles).toEqual(['editor'])
  })

  it('refuses page edits and the content admin to an agent', async () => {
    const page = await createPage('agent-target', 'published')
    await expect(
      payload.update({
        collection: 'pages',
        id: page.id,
        data: { title: 'nope' },
        user: users.agent,
        overrideAccess: false,
      }),
    ).rejects.toThrow(/not allowed/i)
    const adminAccess = payload.collections.users.config.access.admin as (args: unknown) => boolean
    expect(adminAccess({ req: { user: users.agent } })).toBe(false)
    expect(adminAccess({ req: { user: users.editor } })).toBe(true)
  })

  it('hides the captcha secret from everyone but admins', async () => {
    await payload.updateGlobal({
      slug: 'site-settings',
      data: {
        business: { name: 'Test Co', state: 'Ohio' },
        captcha: { provider: 'recaptcha', secretKey: 'top-secret' },
      },
    })
    const asVisitor = await payload.findGlobal({ slug: 'site-settings', overrideAccess: false })
    expect(asVisitor.captcha?.secretKey).toBeUndefined()
    const asEditor = await payload.findGlobal({ slug: 'site-settings', overrideAccess: false, user: users.editor })
    expect(asEditor.captcha?.secretKey).toBeUndefined()
    const asAdmin = await payload.findGlobal({ slug: 'site-settings', overrideAccess: false, user: users.admin })
    expect(asAdmin.captcha?.secretKey).toBe('top-secret')
  })

  it('keeps submissions away from visitors and agents', async () => {
    await expect(payload.find({ collection: 'form-submissions', overrideAccess: false })).rejects.toThrow(
      /not allowed/i,
    )
    await expect(
      payload.find({ collection: 'form-submissions', overrideAccess: false, user: users.agent }),
    ).rejects.toThrow(/not allowed/i)
  })
})

describe('page paths', () => {
  it('builds nested paths from parents and moves children with a renamed parent', async () => {
    const parent = await createPage('guides', 'published')
    const child = await createPage('lien-basics', 'published', parent.id)
    expect(child.path).toBe('/guides/lien-basics')
    await payload.update({ collection: 'pages', id: parent.id, data: { slug: 'learn' } })
    const moved = await payload.findByID({ collection: 'pages', id: child.id })
    expect(moved.path).toBe('/learn/lien-basics')
  })

  it('makes the top-level "home" page the root path', async () => {
    const home = await createPage('home', 'published')
    expect(home.path).toBe('/')
  })

  it('refuses a page as its own parent and a slug with capitals or spaces', async () => {
    const page = await createPage('loop', 'published')
    await expect(payload.update({ collection: 'pages', id: page.id, data: { parent: page.id } })).rejects.toThrow()
    await expect(createPage('Bad Slug', 'published')).rejects.toThrow(/slug/i)
  })

  it('refuses two pages at the same path', async () => {
    await createPage('twin', 'published')
    await expect(createPage('twin', 'published')).rejects.toThrow()
  })
})

describe('logins', () => {
  it('locks an account after repeated wrong passwords', async () => {
    const email = 'lockme@example.com'
    await payload.create({ collection: 'users', data: { email, password: 'the-right-password', roles: ['editor'] } })
    for (let i = 0; i < 5; i++) {
      await expect(payload.login({ collection: 'users', data: { email, password: 'wrong' } })).rejects.toThrow()
    }
    await expect(
      payload.login({ collection: 'users', data: { email, password: 'the-right-password' } }),
    ).rejects.toThrow(/locked/i)
  })
})

describe('drafts and account lockouts', () => {
  it('shows a page’s drafts and past versions to content editors only, never to an agent', async () => {
    const page = await createPage('versioned', 'published')
    await payload.update({ collection: 'pages', id: page.id, data: { title: 'A draft title' }, draft: true })
    const asEditor = await payload.findVersions({ collection: 'pages', user: users.editor, overrideAccess: false })
    expect(asEditor.docs.length).toBeGreaterThan(0)
    await expect(
      payload.findVersions({ collection: 'pages', user: users.agent, overrideAccess: false }),
    ).rejects.toThrow(/not allowed/i)
  })

  it('lets only an admin unlock an account', async () => {
    const unlockAs = (user: User) =>
      payload.unlock({
        collection: 'users',
        data: { email: users.editor.email } as never,
        overrideAccess: false,
        req: { user: { ...user, collection: 'users' } } as never,
      })
    await expect(unlockAs(users.agent)).rejects.toThrow(/not allowed/i)
    await expect(unlockAs(users.editor)).rejects.toThrow(/not allowed/i)
    await expect(unlockAs(users.admin)).resolves.toBe(true)
  })

  it('lets only an admin delete chat history: an agent deleting by id or by a broad query deletes nothing', async () => {
    const conversation = await payload.create({
      collection: 'chat-conversations',
      data: { visitorTokenHash: `access-${Date.now()}`, status: 'ended', name: 'Kept' },
    })
    const as = (user: User) => ({ overrideAccess: false, req: { user: { ...user, collection: 'users' } } as never })
    await expect(
      payload.delete({ collection: 'chat-conversations', id: conversation.id, ...as(users.agent) }),
    ).rejects.toThrow(/not allowed/i)
    const broad = await payload
      .delete({ collection: 'chat-conversations', where: { id: { exists: true } }, ...as(users.agent) })
      .catch((error: Error) => error)
    expect(broad instanceof Error ? broad.message : broad.docs.length).toMatch(/not allowed|^0$/i)
    await expect(
      payload.delete({ collection: 'chat-files', where: { id: { exists: true } }, ...as(users.agent) }),
    ).rejects.toThrow(/not allowed/i)
    expect(await payload.findByID({ collection: 'chat-conversations', id: conversation.id })).toMatchObject({
      name: 'Kept',
    })
    await payload.delete({ collection: 'chat-conversations', id: conversation.id, ...as(users.admin) })
    expect(
      await payload.findByID({ collection: 'chat-conversations', id: conversation.id, disableErrors: true }),
    ).toBeNull()
  })
})
