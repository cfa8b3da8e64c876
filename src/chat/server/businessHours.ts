/** Ohio's clock: business hours in settings are read in this zone. */
export const CHAT_BUSINESS_TIMEZONE = 'America/New_York'

const DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']

/**
 * Whether `now` falls within hours written like "Mo-Fr 08:30-17:00; Sa 09:00-12:00".
 * Empty or unreadable hours mean no restriction.
 */
export function withinBusinessHours(hours: string | null | undefined, now = new Date()): boolean {
  const rules = parseBusinessHours(hours)
  if (!rules.length) return true
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: CHAT_BUSINESS_TIMEZONE,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  const day = DAYS.indexOf(String(parts.weekday).slice(0, 2))
  const minute = Number(parts.hour) * 60 + Number(parts.minute)
  return rules.some((rule) => rule.days.includes(day) && minute >= rule.from && minute < rule.to)
}

type Rule = { days: number[]; from: number; to: number }

export function parseBusinessHours(hours: string | null | undefined): Rule[] {
  if (!hours) return []
  const rules: Rule[] = []
  for (const part of hours.split(/[;,]/)) {
    const match = /^\s*(\w\w)(?:-(\w\w))?\s+(\d\d):(\d\d)-(\d\d):(\d\d)\s*$/.exec(part)
    if (!match) continue
    const first = DAYS.indexOf(match[1])
    const last = match[2] ? DAYS.indexOf(match[2]) : first
    if (first < 0 || last < 0) continue
    const days: number[] = []
    for (let day = first; ; day = (day + 1) % 7) {
      days.push(day)
      if (day === last) break
    }
    rules.push({ days, from: Number(match[3]) * 60 + Number(match[4]), to: Number(match[5]) * 60 + Number(match[6]) })
  }
  return rules
}
