// Saving a form refuses a field rule the engine would skip, with the reason on that field's rule list:
// through the local API on real SQLite and through Payload's REST handler on loopback.
import { handleEndpoints, ValidationError, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedIfEmpty } from '@/setup/seed'
import { CONTACT_FORM_ID, SEED_FORMS } from '@/setup/seed/content/forms'
import { serveOnLoopback } from '../support/handlerServer'
import { startTestPayload } from '../support/payload'

type RuleRow = { rule: string; param?: string; param2?: string }

let payload: Payload
let cleanup: () => Promise<void>
let server: { url: string; close: () => Promise<void> }
const EDITOR = { email: 'editor@example.com', password: 'a-long-test-password' }

beforeAll(async () => {
  let key: string
  ;({ payload, key, cleanup } = await startTestPayload())
  server = await serveOnLoopback((request) =>
    handleEndpoints({ config: payload.config, request, payloadInstanceCacheKey: key }),
  )
  await payload.create({ collection: 'users', data: { ...EDITOR, roles: ['editor'] } })
})
afterAll(async () => {
  await server?.close()
  await cleanup?.()
})

/** A two-field form whose second field, "message", carries the given rules. */
const formWith = (title: string, rules: RuleRow[]) => ({
  title,
  fields: [
    { blockType: 'text', name: 'name', label: 'Name' },
    { blockType: 'textarea', name: 'message', label: 'Message', rules },
  ],
})

/** The Payload field errors a save was refused with, or a failure when it was not refused. */
async function refusal(save: Promise<unknown>): Promise<{ message: string; path: string }[]> {
  const error = await save.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ValidationError)
  return (error as ValidationError).data.errors.map(({ message, path }) => ({ message, path }))
}

const formsTitled = async (title: string) =>
  (await payload.find({ collection: 'forms', where: { title: { equals: title } }, overrideAccess: true })).docs

const BAD_RULES: { name: string; rule: RuleRow; message: string }[] = [
  {
    name: 'a length that is not a number',
    rule: { rule: 'maxlength', param: 'abc' },
    message: 'Field "message": maxlength needs a whole number (0 or more) as its parameter.',
  },
  {
    name: 'a rule name the engine does not know',
    rule: { rule: 'pattern', param: '[a-z' },
    message: 'Field "message": Unknown rule "pattern".',
  },
  {
    name: 'an equalTo naming a field the form does not have',
    rule: { rule: 'equalTo', param: 'confirmEmail' },
    message: 'Field "message": equalTo refers to "confirmEmail", which is not a field of this form.',
  },
]

describe('saving a form with a rule that cannot work', () => {
  it.each(BAD_RULES)('refuses to create it when a field has $name, naming the field and rule', async (bad) => {
    const title = `Create with ${bad.name}`
    const errors = await refusal(payload.create({ collection: 'forms', data: formWith(title, [bad.rule]) as never }))
    expect(errors).toContainEqual({ message: bad.message, path: 'fields.1.rules' })
    expect(await formsTitled(title)).toEqual([])
  })

  it.each(BAD_RULES)('refuses to update it to $name and leaves the stored form as it was', async (bad) => {
    const title = `Update to ${bad.name}`
    const saved = await payload.create({
      collection: 'forms',
      data: formWith(title, [{ rule: 'maxlength', param: '20' }]) as never,
    })
    const errors = await refusal(
      payload.update({ collection: 'forms', id: saved.id, data: formWith(title, [bad.rule]) as never }),
    )
    expect(errors).toContainEqual({ message: bad.message, path: 'fields.1.rules' })
    const stored = await payload.findByID({ collection: 'forms', id: saved.id })
    expect(stored.fields[1].rules?.map(({ rule, param }) => ({ rule, param }))).toEqual([
      { rule: 'maxlength', param: '20' },
    ])
  })

  it('reports every unworkable rule of the field in one message', async () => {
    const title = 'Two bad rules'
    const rules = [
      { rule: 'minlength', param: '-1' },
      { rule: 'rangelength', param: '9', param2: '3' },
    ]
    const errors = await refusal(payload.create({ collection: 'forms', data: formWith(title, rules) as never }))
    expect(errors).toContainEqual({
      message:
        'Field "message": minlength needs a whole number (0 or more) as its parameter. ' +
        'rangelength: the minimum (9) is larger than the maximum (3).',
      path: 'fields.1.rules',
    })
  })
})

describe('saving a form whose rules can work', () => {
  it('stores it with its rules, including one that names another field of the form', async () => {
    const rules = [
      { rule: 'maxlength', param: '20' },
      { rule: 'require_from_group', param: '1', param2: 'name,message' },
    ]
    const saved = await payload.create({ collection: 'forms', data: formWith('Good rules', rules) as never })
    const stored = await payload.findByID({ collection: 'forms', id: saved.id })
    expect(stored.fields[1].rules?.map(({ rule, param, param2 }) => ({ rule, param, param2 }))).toEqual([
      { rule: 'maxlength', param: '20', param2: null },
      { rule: 'require_from_group', param: '1', param2: 'name,message' },
    ])
  })

  it('seeds every starting form and saves the contact form again unchanged', async () => {
    expect(await seedIfEmpty(payload)).toBe(true)
    const titles = SEED_FORMS.map((form) => form.data.title as string)
    for (const title of titles) expect(await formsTitled(title), title).toHaveLength(1)
    const contact = await payload.findByID({ collection: 'forms', id: CONTACT_FORM_ID })
    const resaved = await payload.update({ collection: 'forms', id: CONTACT_FORM_ID, data: { fields: contact.fields } })
    expect(resaved.fields).toEqual(contact.fields)
  })
})

describe('POST /api/forms as an editor', () => {
  async function editorToken(): Promise<string> {
    const response = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(EDITOR),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { token: string }).token
  }

  it('answers 400 with the field error for a rule that cannot work, and stores nothing', async () => {
    const title = 'Over REST with a bad rule'
    const response = await fetch(`${server.url}/api/forms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${await editorToken()}` },
      body: JSON.stringify(formWith(title, [BAD_RULES[0].rule])),
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { errors: { data?: { errors?: { message: string; path: string }[] } }[] }
    expect(body.errors.flatMap((error) => error.data?.errors ?? [])).toContainEqual(
      expect.objectContaining({ message: BAD_RULES[0].message, path: 'fields.1.rules' }),
    )
    expect(await formsTitled(title)).toEqual([])
  })
})
