import { describeSqlModule } from '../support/sqlSuite'
import { startTestPayload } from '../support/payload'
import { startTempPostgres } from '../support/postgres'

describeSqlModule('postgres', async () => {
  const postgres = await startTempPostgres()
  const { payload, cleanup } = await startTestPayload(postgres.url)
  return {
    payload,
    stop: async () => {
      await cleanup()
      postgres.stop()
    },
  }
})
