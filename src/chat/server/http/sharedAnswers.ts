import { FRONT_CACHE_S } from '@/platform/caches'

/**
 * The chat's lookup and availability answers are the same for every visitor, so a shared cache (the
 * nginx front) may keep them a moment: as long as a page (src/platform/caches.ts), so a change in
 * the settings shows within two seconds.
 */
export const SHARED_CHAT_ANSWER_CACHE_CONTROL = `public, max-age=0, s-maxage=${FRONT_CACHE_S}, stale-while-revalidate=${FRONT_CACHE_S}`
