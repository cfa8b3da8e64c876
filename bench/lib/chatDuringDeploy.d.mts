export type ChatReport = {
  conversations: number
  streams: number
  reconnects: number
  failedConnects: number
  sent: number
  received: number
  lost: number
  lostMessages: string[]
  duplicated: number
  sendFailures: number
  sendFailureReasons: string[]
  sentAgain: number
  unconfirmedReceived: number
  longestGapMs: number
  p99DeliveryMs: number
  longestDeliveryMs: number
}
export declare function holdChats(options: {
  origin: string
  agentFile: string
  conversations: number
  intervalMs: number
}): Promise<{ finish(): Promise<ChatReport> }>
