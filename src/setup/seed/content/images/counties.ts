import { NAVY, PAPER, r1, random, RED, SLATE, svg } from './svg'

/** Counties: a magnifier over a parcel plat. */

/** Draws the plat; when `highlight` is a point, the lot under it is outlined in red. */
function plat(seed: number, highlight?: [number, number]): string {
  const rand = random(seed)
  let out = ''
  // Blocks of lots between streets; the whole plat is tilted a little.
  const blocks: { x: number; y: number; w: number; h: number; lots: number }[] = [
    { x: 120, y: 110, w: 520, h: 230, lots: 6 },
    { x: 700, y: 110, w: 420, h: 230, lots: 5 },
    { x: 1180, y: 110, w: 420, h: 230, lots: 4 },
    { x: 120, y: 400, w: 380, h: 260, lots: 4 },
    { x: 560, y: 400, w: 560, h: 260, lots: 7 },
    { x: 1180, y: 400, w: 420, h: 260, lots: 5 },
    { x: 120, y: 720, w: 520, h: 230, lots: 6 },
    { x: 700, y: 720, w: 420, h: 230, lots: 5 },
    { x: 1180, y: 720, w: 420, h: 230, lots: 4 },
  ]
  blocks.forEach((b) => {
    out += `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="#ffffff" stroke="${NAVY}" stroke-width="2.5"/>`
    // Lots front on the street above and below: split the block in two rows.
    const mid = b.y + b.h / 2
    out += `<line x1="${b.x}" y1="${mid}" x2="${b.x + b.w}" y2="${mid}" stroke="${SLATE}" stroke-width="1.5"/>`
    for (const top of [true, false]) {
      let x = b.x
      const widths = Array.from({ length: b.lots }, () => 0.7 + rand() * 0.6)
      const total = widths.reduce((a, v) => a + v, 0)
      widths.forEach((wv, li) => {
        const lw = (wv / total) * b.w
        if (li > 0)
          out += `<line x1="${r1(x)}" y1="${top ? b.y : mid}" x2="${r1(x)}" y2="${top ? mid : b.y + b.h}" stroke="${SLATE}" stroke-width="1.5"/>`
        const y0 = top ? b.y : mid
        if (
          highlight &&
          highlight[0] >= x &&
          highlight[0] < x + lw &&
          highlight[1] >= y0 &&
          highlight[1] < y0 + b.h / 2
        ) {
          out += `<rect x="${r1(x)}" y="${y0}" width="${r1(lw)}" height="${b.h / 2}" fill="${RED}" fill-opacity="0.22" stroke="${RED}" stroke-width="4"/>`
        }
        // A small house footprint on some lots.
        if (rand() < 0.55) {
          const fw = Math.min(lw * 0.45, 46)
          const fy = top ? b.y + 26 : mid + b.h / 2 - 26 - 30
          out += `<rect x="${r1(x + (lw - fw) / 2)}" y="${r1(fy)}" width="${r1(fw)}" height="30" fill="${NAVY}" fill-opacity="0.18"/>`
        }
        x += lw
      })
    }
  })
  // A creek crossing the plat, and an easement along the rear lot lines of one block.
  out += `<path d="M60,980 C300,820 420,700 520,690 S760,640 860,380 S1120,120 1650,60" fill="none" stroke="${NAVY}" stroke-opacity="0.35" stroke-width="14" stroke-linecap="round"/>`
  out += `<line x1="560" y1="530" x2="1120" y2="530" stroke="${RED}" stroke-width="3" stroke-dasharray="10 8"/>`
  return out
}

export function heroCounties(): string {
  const cx = 980
  const cy = 450
  const lens = 230
  // The plat is drawn rotated by -6° about (800, 450); find the plat point under the lens centre.
  const turn = (6 * Math.PI) / 180
  const under: [number, number] = [
    800 + (cx - 800) * Math.cos(turn) - (cy - 450) * Math.sin(turn),
    450 + (cx - 800) * Math.sin(turn) + (cy - 450) * Math.cos(turn),
  ]
  const base = plat(51)
  const zoomed = plat(51, under)
  const body =
    `<defs><clipPath id="lens"><circle cx="${cx}" cy="${cy}" r="${lens}"/></clipPath></defs>` +
    `<rect width="1600" height="900" fill="${PAPER}"/>` +
    `<g transform="rotate(-6 800 450)" opacity="0.75">${base}</g>` +
    `<rect width="1600" height="900" fill="${PAPER}" fill-opacity="0.35"/>` +
    // Shadow of the lens, then the magnified plat inside it.
    `<circle cx="${cx + 14}" cy="${cy + 18}" r="${lens + 14}" fill="#000000" fill-opacity="0.14"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${lens}" fill="${PAPER}"/>` +
    `<g clip-path="url(#lens)"><g transform="translate(${cx} ${cy}) scale(1.9) translate(${-cx} ${-cy}) rotate(-6 800 450)">${zoomed}</g>` +
    `<ellipse cx="${cx - 80}" cy="${cy - 110}" rx="120" ry="46" fill="#ffffff" fill-opacity="0.35" transform="rotate(-30 ${cx - 80} ${cy - 110})"/></g>` +
    // Rim and handle.
    `<circle cx="${cx}" cy="${cy}" r="${lens + 12}" fill="none" stroke="${NAVY}" stroke-width="26"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${lens - 2}" fill="none" stroke="${SLATE}" stroke-opacity="0.5" stroke-width="4"/>` +
    `<g transform="rotate(45 ${cx} ${cy})">` +
    `<rect x="${cx + lens + 20}" y="${cy - 22}" width="70" height="44" rx="8" fill="${SLATE}"/>` +
    `<rect x="${cx + lens + 84}" y="${cy - 30}" width="250" height="60" rx="30" fill="${NAVY}"/>` +
    `<rect x="${cx + lens + 110}" y="${cy - 8}" width="190" height="16" rx="8" fill="${RED}" fill-opacity="0.9"/></g>`
  return svg(1600, 900, body)
}
