import type { Payload } from 'payload'
import { DIRECT_LINK_HASH } from '../../pageConfig'
import { readChatSettings, serverConfigError } from '../settings'

export const EXPIRED_LINK_PATH = '/chat/expired'

/** Where /chat sends a visitor: the expired-link page when the licence has ended, else the chat. */
export async function directChatLinkTarget(payload: Payload): Promise<string> {
  const error = serverConfigError(await readChatSettings(payload))
  return error === 'license_expired' ? EXPIRED_LINK_PATH : `/${DIRECT_LINK_HASH}`
}
