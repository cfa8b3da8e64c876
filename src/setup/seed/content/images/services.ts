import { NAVY, PAPER, r1, random, RED, SLATE, svg } from './svg'

/** Services: a stack of recorded deeds. */

/** One sheet of paper with abstract lines of type; `seal` adds a recorder's seal and signature. */
export function sheet(width: number, height: number, seed: number, seal: boolean): string {
  const rand = random(seed)
  let out = `<rect width="${width}" height="${height}" rx="6" fill="${PAPER}"/>`
  out += `<rect x="40" y="44" width="${r1(width * 0.42)}" height="16" rx="8" fill="${NAVY}"/>`
  out += `<rect x="${r1(width - 150)}" y="40" width="110" height="24" rx="4" fill="none" stroke="${SLATE}" stroke-opacity="0.5" stroke-width="2"/>`
  let y = 104
  const bottom = seal ? height - 190 : height - 60
  while (y < bottom) {
    const paragraphEnd = rand() < 0.16
    const w = paragraphEnd ? (width - 80) * (0.3 + rand() * 0.4) : (width - 80) * (0.82 + rand() * 0.18)
    out += `<rect x="40" y="${y}" width="${r1(w)}" height="8" rx="4" fill="${SLATE}" fill-opacity="0.35"/>`
    y += paragraphEnd ? 40 : 24
  }
  if (seal) {
    const sx = width - 120
    const sy = height - 110
    out +=
      `<path d="M${sx - 26},${sy + 30} l-14,64 l22,-14 l14,22 l6,-64 z" fill="${RED}" fill-opacity="0.85"/>` +
      `<path d="M${sx + 26},${sy + 30} l14,64 l-22,-14 l-14,22 l-6,-64 z" fill="${RED}" fill-opacity="0.7"/>` +
      `<circle cx="${sx}" cy="${sy}" r="52" fill="${RED}"/>` +
      `<circle cx="${sx}" cy="${sy}" r="40" fill="none" stroke="${PAPER}" stroke-width="3" stroke-dasharray="4 5"/>` +
      `<circle cx="${sx}" cy="${sy}" r="22" fill="none" stroke="${PAPER}" stroke-width="3"/>` +
      `<path d="M40,${height - 82} c30,-40 50,20 80,-10 s40,-30 60,0 s30,20 60,-14" fill="none" stroke="${NAVY}" stroke-width="3" stroke-linecap="round"/>` +
      `<line x1="40" y1="${height - 62}" x2="${r1(width * 0.5)}" y2="${height - 62}" stroke="${SLATE}" stroke-width="2" stroke-opacity="0.6"/>`
  }
  return out
}

export function heroServices(): string {
  const w = 540
  const h = 700
  const sheets: { x: number; y: number; angle: number; seal: boolean }[] = [
    { x: 760, y: 120, angle: -11, seal: false },
    { x: 800, y: 110, angle: -5, seal: false },
    { x: 850, y: 100, angle: 2, seal: false },
    { x: 900, y: 96, angle: 7, seal: true },
  ]
  let stack = ''
  sheets.forEach((s, i) => {
    const t = `translate(${s.x} ${s.y}) rotate(${s.angle} ${w / 2} ${h / 2})`
    stack += `<g transform="${t}"><rect x="10" y="14" width="${w}" height="${h}" rx="6" fill="#000000" fill-opacity="0.22"/>${sheet(w, h, 300 + i, s.seal)}</g>`
  })
  let hatch = ''
  for (let x = -900; x < 1600; x += 36) hatch += `<line x1="${x}" y1="900" x2="${x + 900}" y2="0"/>`
  const body =
    `<rect width="1600" height="900" fill="${NAVY}"/>` +
    `<g stroke="${PAPER}" stroke-opacity="0.045" stroke-width="2">${hatch}</g>` +
    `<circle cx="1180" cy="460" r="420" fill="${PAPER}" fill-opacity="0.05"/>` +
    // A folder behind the stack.
    `<path d="M700,190 h180 l30,-40 h300 a10,10 0 0 1 10,10 v620 a10,10 0 0 1 -10,10 h-510 a10,10 0 0 1 -10,-10 z" fill="${SLATE}" transform="rotate(-14 960 480)"/>` +
    stack +
    // A paper clip on the top sheet.
    `<g transform="rotate(7 1170 446)"><path d="M1290,70 v150 a22,22 0 0 1 -44,0 v-130 a14,14 0 0 1 28,0 v118" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="7" stroke-linecap="round"/></g>` +
    `<rect x="120" y="640" width="320" height="10" rx="5" fill="${RED}"/>` +
    `<rect x="120" y="672" width="210" height="10" rx="5" fill="${PAPER}" fill-opacity="0.25"/>`
  return svg(1600, 900, body)
}
