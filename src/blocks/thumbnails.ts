/**
 * A drawing of each block type for the admin's "Add Layout" drawer (3:2, as Payload asks), so an
 * editor picks a block by its look instead of from identical placeholders. Drawn here from a few
 * shapes and sent as data URLs: no files to serve, nothing fetched from elsewhere.
 */
const WIDTH = 480
const HEIGHT = 320
const INK = '#12325a'
const SOFT = '#c9d3e0'
const ACCENT = '#b3202a'
const PAPER = '#f6f1e7'

const bar = (x: number, y: number, w: number, h = 14, fill = SOFT) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${fill}"/>`
const box = (x: number, y: number, w: number, h: number, fill = 'none') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${fill}" stroke="${SOFT}" stroke-width="3"/>`
const lines = (x: number, y: number, widths: number[], gap = 24) =>
  widths.map((w, i) => bar(x, y + i * gap, w)).join('')

const DRAWINGS: Record<string, string> = {
  hero:
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${INK}"/>` +
    bar(40, 90, 260, 28, '#fff') +
    bar(40, 136, 220, 14, '#9fb3cc') +
    bar(40, 160, 180, 14, '#9fb3cc') +
    bar(40, 210, 120, 36, ACCENT) +
    `<rect x="320" y="70" width="120" height="180" rx="8" fill="#2c4f7c"/>`,
  richText: bar(40, 50, 220, 24, INK) + lines(40, 100, [400, 380, 400, 300, 390, 260]),
  image:
    `<rect x="90" y="40" width="300" height="190" rx="8" fill="#2c4f7c"/>` +
    `<path d="M110 210 L190 120 L250 180 L290 140 L370 210 Z" fill="#9fb3cc"/>` +
    `<circle cx="320" cy="90" r="20" fill="${ACCENT}"/>` +
    bar(140, 250, 200),
  gallery: [0, 1, 2, 3, 4, 5, 6, 7]
    .map(
      (i) =>
        `<rect x="${40 + (i % 4) * 104}" y="${60 + Math.floor(i / 4) * 110}" width="88" height="88" rx="6" fill="${i === 1 ? ACCENT : '#2c4f7c'}"/>`,
    )
    .join(''),
  video:
    `<rect x="60" y="40" width="360" height="210" rx="8" fill="${INK}"/>` +
    `<circle cx="240" cy="145" r="40" fill="${ACCENT}"/><path d="M226 122 L262 145 L226 168 Z" fill="#fff"/>` +
    bar(60, 270, 220),
  columns: [0, 1, 2]
    .map(
      (col) =>
        `<rect x="${40 + col * 140}" y="50" width="120" height="80" rx="6" fill="#2c4f7c"/>` +
        lines(40 + col * 140, 150, [120, 110, 120, 90]),
    )
    .join(''),
  faq:
    [60, 130, 200].map((y) => box(40, y, 400, 50) + bar(60, y + 18, 240) + bar(400, y + 18, 20, 14, INK)).join('') +
    bar(40, 40, 200, 24, INK),
  stats:
    bar(40, 40, 200, 24, INK) +
    [110, 170, 230]
      .map((y, i) => bar(40, y, 160) + bar(40, y + 24, 400, 12) + bar(40, y + 24, [340, 250, 180][i], 12, ACCENT))
      .join(''),
  pricingTable:
    bar(40, 40, 200, 24, INK) +
    bar(40, 90, 400, 30, INK) +
    [130, 170, 210, 250]
      .map((y) => bar(56, y + 8, 200) + bar(340, y + 8, 80, 14, ACCENT) + bar(40, y + 36, 400, 2))
      .join(''),
  testimonials:
    box(70, 60, 340, 200, '#fff') +
    `<text x="100" y="130" font-size="80" font-family="Georgia, serif" fill="${ACCENT}">“</text>` +
    lines(110, 130, [260, 240, 200]) +
    bar(110, 214, 120, 14, INK) +
    `<circle cx="40" cy="160" r="14" fill="${SOFT}"/><circle cx="440" cy="160" r="14" fill="${SOFT}"/>`,
  callToAction:
    `<rect x="30" y="80" width="420" height="160" rx="12" fill="${INK}"/>` +
    bar(60, 120, 240, 24, '#fff') +
    bar(60, 160, 200, 14, '#9fb3cc') +
    bar(320, 140, 100, 40, ACCENT),
  contactForm:
    bar(40, 30, 200, 24, INK) +
    [80, 140, 200].map((y) => bar(40, y, 100) + box(40, y + 20, 400, 30)).join('') +
    bar(40, 262, 110, 34, ACCENT),
  countyList:
    bar(40, 40, 200, 24, INK) +
    [0, 1, 2].flatMap((col) => [100, 140, 180, 220].map((y) => bar(40 + col * 140, y, 110))).join(''),
  latestPosts:
    bar(40, 40, 200, 24, INK) +
    [40, 180, 320]
      .map(
        (x) =>
          box(x, 90, 120, 70, SOFT) + bar(x, 176, 110, 14, INK) + bar(x, 200, 80, 10) + lines(x, 222, [120, 100], 18),
      )
      .join(''),
}

/** The drawing of a block type as an SVG data URL, or undefined for a type without one. */
export function blockThumbnail(slug: string): string | undefined {
  const drawing = DRAWINGS[slug]
  if (!drawing) return undefined
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="${PAPER}"/>${drawing}</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
