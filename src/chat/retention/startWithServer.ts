import config from '@payload-config'
import { getPayload } from 'payload'
import { markChatsEndedBeforeUpgrade } from './endedBeforeUpgrade'
import { startChatRetention } from './retention'
import { startChatUpkeep } from './upkeep'

export async function startChatRetentionWithServer(): Promise<void> {
  try {
    const payload = await getPayload({ config })
    await markChatsEndedBeforeUpgrade(payload).catch((error) =>
      payload.logger.error({ err: error }, 'chat: could not mark chats ended before the upgrade'),
    )
    startChatRetention(payload)
    startChatUpkeep(payload)
  } catch (error) {
    // The site still serves pages and chats; old conversations wait for the next start.
    console.error('chat retention: could not start with the server', error)
  }
}
