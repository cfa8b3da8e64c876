// The contact counters use the site's one shared Redis connection.
export { closeSharedRedis as closeContactRedis, sharedRedis as contactRedis } from '@/security/redis'
