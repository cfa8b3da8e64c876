import { describeSqlModule } from '../support/sqlSuite'
import { startTestPayload } from '../support/payload'
import { postgresDatabase } from '../support/sharedPostgres'

describeSqlModule('postgres', async () => {
  const postgres = await postgresDatabase()
  const { payload, cleanup } = await startTestPayload(postgres.url)
  return {
    payload,
    stop: async () => {
      await cleanup()
      await postgres.stop()
    },
  }
})
