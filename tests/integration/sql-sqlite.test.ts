import { describeSqlModule } from '../support/sqlSuite'
import { startTestPayload } from '../support/payload'

describeSqlModule('sqlite', async () => {
  const { payload, cleanup } = await startTestPayload()
  return { payload, stop: cleanup }
})
