// The inbox's history under actions that land together, on each database the site runs on.
import { describe, expect, it } from 'vitest'
import { actionUrl } from '@/contact/inbox/protocol'
import { api, setUpInboxSuite, storedNamed, submitAs } from '../support/inbox'

for (const database of ['SQLite', 'PostgreSQL'] as const) {
  describe(`the inbox history on ${database}`, () => {
    setUpInboxSuite(database)

    it('records both of two different actions taken on one message at the same moment', async () => {
      const names = ['Tilda', 'Tobias', 'Trudy', 'Tomas', 'Tess'].map((name) => `Twice ${name} ${database}`)
      const ids = await Promise.all(names.map((name) => submitAs(name, { spam: true })))
      const answers = await Promise.all(
        ids.flatMap((id) => [
          api(actionUrl(id, 'notSpam'), 'editor', { method: 'POST' }),
          api(actionUrl(id, 'handled'), 'admin', { method: 'POST' }),
        ]),
      )
      expect(answers.map((answer) => answer.status)).toEqual(ids.flatMap(() => [200, 200]))
      for (const name of names) {
        const { history } = await storedNamed(name)
        expect(history?.map((entry) => [entry.action, entry.by]).sort(), name).toEqual([
          ['handled', 'admin@example.com'],
          ['notSpam', 'editor@example.com'],
        ])
      }
    })
  })
}
