// The frames of a server-sent event stream, as a chat client reads them: no dependency of the site's
// own, so that the integration suites and the server suite (over real HTTP) read streams alike.

import type { ChatEventView } from '../../src/chat/protocol'

export type Frame = { name: string; id?: number; data: unknown }

/** Reads SSE frames from a stream response until `until` says stop. */
export async function readFrames(response: Response, until: (frames: Frame[]) => boolean) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const frames: Frame[] = []
  let buffer = ''
  while (!until(frames)) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value)
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const lines = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => !line.startsWith(':') && line.includes(': '))
          .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
      )
      if (lines.event)
        frames.push({ name: lines.event, id: lines.id ? Number(lines.id) : undefined, data: JSON.parse(lines.data) })
    }
  }
  await reader.cancel()
  return frames
}

/** The chat events among a stream's frames (src/chat/protocol.ts: `chat`). */
export const chatEvents = (frames: { name: string; data: unknown }[]) =>
  frames.filter((frame) => frame.name === 'chat').map((frame) => frame.data as ChatEventView)
