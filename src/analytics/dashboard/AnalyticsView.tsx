export function AnalyticsView() {
  return null
}
