import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, type Dialect, database, list, render, sql } from '@/platform/sql'

/** Values a careless helper would mistake for SQL or for placeholders. */
const AWKWARD_LABELS = ["it's; DROP TABLE sql_probe; --", 'why?', '$1', '?, ?', '$2 and $10', 'café ☕']

const count = async (db: Database, label: string) =>
  Number((await db.get(sql`select count(*) as n from sql_probe where label = ${label}`))?.n)

/** The raw SQL module's contract, run against one real database. */
export function describeSqlModule(
  dialect: Dialect,
  start: () => Promise<{ payload: Payload; stop: () => Promise<void> }>,
) {
  describe(`raw SQL on ${dialect}`, () => {
    let payload: Payload
    let stop: () => Promise<void>
    let db: Database

    beforeAll(async () => {
      ;({ payload, stop } = await start())
      db = database(payload)
      await db.run(sql`create table sql_probe (id integer primary key, label text not null, n integer)`)
    })
    afterAll(async () => {
      await stop?.()
    })

    it('writes the placeholders of its dialect and keeps the values apart', () => {
      const inner = sql`n > ${2}`
      const { text, values } = render(
        sql`select id from sql_probe where label = ${'a?'} and ${inner} and id in (${list([1, 3])})`,
        dialect,
      )
      const [p1, p2, p3, p4] = dialect === 'postgres' ? ['$1', '$2', '$3', '$4'] : ['?', '?', '?', '?']
      expect(db.dialect).toBe(dialect)
      expect(text).toBe(`select id from sql_probe where label = ${p1} and n > ${p2} and id in (${p3}, ${p4})`)
      expect(values).toEqual(['a?', 2, 1, 3])
    })

    it('stores and finds values that look like SQL or placeholders exactly as given', async () => {
      for (const [index, label] of AWKWARD_LABELS.entries())
        await db.run(sql`insert into sql_probe (id, label, n) values (${100 + index}, ${label}, ${index})`)
      for (const [index, label] of AWKWARD_LABELS.entries()) {
        const row = await db.get<{ id: number; label: string; n: number }>(
          sql`select id, label, n from sql_probe where label = ${label} and n = ${index}`,
        )
        expect(row).toEqual({ id: 100 + index, label, n: index })
      }
      const picked = await db.all(sql`select label from sql_probe where id in (${list([101, 103])}) order by id`)
      expect(picked).toEqual([{ label: AWKWARD_LABELS[1] }, { label: AWKWARD_LABELS[3] }])
      expect(await db.get(sql`select label from sql_probe where id = ${-1}`)).toBeUndefined()
    })

    it('inserts many rows in one statement and counts the rows a statement changed', async () => {
      const rows = [200, 201, 202].map((id) => [id, `bulk ${id}`, id % 2 === 0 ? null : id] as const)
      await db.insertRows('sql_probe', ['id', 'label', 'n'], rows)
      await db.insertRows('sql_probe', ['id', 'label', 'n'], [])
      expect(await db.all(sql`select id, label, n from sql_probe where id >= ${200} order by id`)).toEqual([
        { id: 200, label: 'bulk 200', n: null },
        { id: 201, label: 'bulk 201', n: 201 },
        { id: 202, label: 'bulk 202', n: null },
      ])
      expect(await db.run(sql`update sql_probe set n = ${0} where id >= ${200}`)).toBe(3)
      await expect(db.insertRows('sql_probe; --', ['id'], [[1]])).rejects.toThrow(/not a plain identifier/)
    })

    it('commits a transaction that returns and rolls back one that throws, with the Payload writes given its req', async () => {
      expect(
        await db.transaction(async (tx) => tx.run(sql`insert into sql_probe (id, label) values (${300}, ${'kept'})`)),
      ).toBe(1)
      const failure = db.transaction(async (tx) => {
        await tx.run(sql`insert into sql_probe (id, label) values (${301}, ${'undone'})`)
        await payload.create({
          collection: 'analytics-salts',
          data: { day: '1999-01-01', salt: 'undone' },
          req: tx.req,
        })
        throw new Error('work failed')
      })
      await expect(failure).rejects.toThrow('work failed')
      expect(await count(db, 'kept')).toBe(1)
      expect(await count(db, 'undone')).toBe(0)
      const salts = await payload.find({ collection: 'analytics-salts', where: { day: { equals: '1999-01-01' } } })
      expect(salts.totalDocs).toBe(0)
    })

    it('makes a second holder of a lock wait until the first has committed', async () => {
      const LOCK = 9_100_001
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      let entered!: () => void
      const firstIn = new Promise<void>((resolve) => (entered = resolve))
      const first = db.transaction(
        async (tx) => {
          await tx.run(sql`insert into sql_probe (id, label) values (${400}, ${'first holder'})`)
          entered()
          await gate
        },
        { lock: LOCK },
      )
      await firstIn
      let secondSaw: number | undefined
      const second = db.transaction(
        async (tx) => {
          secondSaw = Number((await tx.get(sql`select count(*) as n from sql_probe where id = ${400}`))?.n)
        },
        { lock: LOCK },
      )
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(secondSaw).toBeUndefined()
      release()
      await Promise.all([first, second])
      expect(secondSaw).toBe(1)
    })
  })
}
