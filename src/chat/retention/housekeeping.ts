import type { Payload } from 'payload'
import { markChatsEndedBeforeUpgrade } from './endedBeforeUpgrade'
import { startChatRetention } from './retention'
import { startChatUpkeep } from './upkeep'

/**
 * The chat's housekeeping with the server: conversations left open by the version before are
 * marked ended, old ones are deleted (retention), idle and abandoned ones are ended (upkeep).
 */
export async function startChatHousekeeping(payload: Payload): Promise<void> {
  await markChatsEndedBeforeUpgrade(payload).catch((error) =>
    payload.logger.error({ err: error }, 'chat: could not mark chats ended before the upgrade'),
  )
  startChatRetention(payload)
  startChatUpkeep(payload)
}
