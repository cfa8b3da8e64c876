import { ChatConversations } from './ChatConversations'
import { ChatEvents } from './ChatEvents'
import { ChatFiles } from './ChatFiles'

export const CHAT_COLLECTIONS = [ChatConversations, ChatEvents, ChatFiles]
