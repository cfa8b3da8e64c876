import { actionUrl, type InboxAction } from './protocol'

/** Posts an inbox action as the signed-in editor; answers the server's plain message. */
export async function postInboxAction(
  id: number | string,
  action: InboxAction,
): Promise<{ ok: boolean; message: string }> {
  try {
    const response = await fetch(actionUrl(id, action), { method: 'POST', credentials: 'include' })
    const body = (await response.json().catch(() => ({}))) as { message?: string }
    return { ok: response.ok, message: body.message ?? `The action failed (${response.status}).` }
  } catch {
    return { ok: false, message: 'The action failed: the server could not be reached.' }
  }
}
