import { redirect } from 'next/navigation'
import { getPayloadClient } from '@/platform/sitePayload'
import { directChatLinkTarget } from '@/chat/server/http/directLink'

export const dynamic = 'force-dynamic'

/** The direct chat link: opens the chat on the home page, or explains that the link expired. */
export default async function DirectChatLink() {
  redirect(await directChatLinkTarget(await getPayloadClient()))
}
