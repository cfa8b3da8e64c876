import { BUSINESS_TIMEZONE } from '@/content/businessHours'

const POST_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: BUSINESS_TIMEZONE })

/** A post's date as visitors read it ("March 4, 2026"), on the business's calendar. */
export const formatPostDate = (iso: string): string => POST_DATE.format(new Date(iso))
