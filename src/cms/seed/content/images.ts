import type { SeedImage } from '../refs'

/**
 * Abstract illustrations for the seed site, drawn as SVG so the repository carries no binary
 * images. Each is rasterised to PNG at seed time. No text, fonts or external references.
 */

const NAVY = '#12325a'
const RED = '#b3202a'
const PAPER = '#f6f1e7'
const SLATE = '#4a5568'

/** Deterministic pseudo-random numbers, so the drawings are the same on every seed. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const r1 = (n: number) => Math.round(n * 10) / 10
const pts = (points: [number, number][]) => points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`
}

/* ------------------------------------------------------------------------------------------ */
/* Ohio outline                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** A simplified outline of Ohio as longitude/latitude pairs, clockwise from the north-west corner. */
const OHIO_OUTLINE: [number, number][] = [
  [-84.81, 41.7],
  [-83.45, 41.73],
  [-83.3, 41.68],
  [-83.07, 41.6],
  [-82.93, 41.52],
  [-82.83, 41.59],
  [-82.72, 41.48],
  [-82.5, 41.39],
  [-82.22, 41.46],
  [-81.97, 41.49],
  [-81.69, 41.5],
  [-81.47, 41.62],
  [-81.27, 41.76],
  [-80.96, 41.86],
  [-80.52, 41.98],
  [-80.52, 40.64],
  [-80.58, 40.62],
  [-80.63, 40.4],
  [-80.66, 40.23],
  [-80.73, 40.08],
  [-80.82, 39.86],
  [-80.89, 39.72],
  [-81.1, 39.52],
  [-81.43, 39.41],
  [-81.6, 39.27],
  [-81.75, 39.18],
  [-81.77, 38.95],
  [-82.0, 39.0],
  [-82.1, 38.9],
  [-82.18, 38.77],
  [-82.21, 38.59],
  [-82.32, 38.45],
  [-82.59, 38.42],
  [-82.73, 38.56],
  [-82.87, 38.73],
  [-83.03, 38.73],
  [-83.29, 38.6],
  [-83.53, 38.7],
  [-83.68, 38.63],
  [-83.9, 38.76],
  [-84.06, 38.78],
  [-84.23, 38.82],
  [-84.33, 39.03],
  [-84.5, 39.1],
  [-84.64, 39.07],
  [-84.81, 39.11],
]

const WEST = -84.81
const EAST = -80.52
const NORTH = 41.98
const SOUTH = 38.42

type Projection = (lon: number, lat: number) => [number, number]

/** Fits Ohio into a box of the given height with its top-left corner at (x, y). */
function ohioProjection(x: number, y: number, height: number): { project: Projection; width: number } {
  const sy = height / (NORTH - SOUTH)
  const sx = sy * Math.cos((40.2 * Math.PI) / 180)
  return {
    project: (lon, lat) => [x + (lon - WEST) * sx, y + (NORTH - lat) * sy],
    width: (EAST - WEST) * sx,
  }
}

/**
 * Ohio drawn as a patchwork of county-like cells: a jittered lattice clipped to the outline,
 * with a few cells shaded. Returns the SVG for the defs (clip path) and the drawing.
 */
function ohioPatchwork(options: {
  id: string
  project: Projection
  fill: string
  line: string
  lineOpacity: number
  shade: string
  accent: string
  seed: number
  /** Colour of the state outline; the line colour when not given. */
  border?: string
}): { defs: string; body: string; outline: string } {
  const { id, project, fill, line, lineOpacity, shade, accent, seed, border = line } = options
  const rand = random(seed)
  const outline = pts(OHIO_OUTLINE.map(([lon, lat]) => project(lon, lat)))
  const cols = 11
  const rows = 10
  const lonStep = (EAST - WEST) / (cols - 1)
  const latStep = (NORTH - SOUTH) / (rows - 1)
  // Lattice points, jittered more towards the east, where Ohio's county lines wander.
  const lattice: [number, number][][] = []
  for (let r = 0; r <= rows; r++) {
    const row: [number, number][] = []
    for (let c = 0; c <= cols; c++) {
      const wander = 0.08 + (0.22 * c) / cols
      const lon = WEST - lonStep / 2 + c * lonStep + (rand() - 0.5) * lonStep * wander
      const lat = NORTH + latStep / 2 - r * latStep + (rand() - 0.5) * latStep * wander
      row.push(project(lon, lat))
    }
    lattice.push(row)
  }
  let cells = ''
  let lines = ''
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const quad: [number, number][] = [lattice[r][c], lattice[r][c + 1], lattice[r + 1][c + 1], lattice[r + 1][c]]
      const roll = rand()
      if (roll < 0.05) cells += `<polygon points="${pts(quad)}" fill="${accent}" fill-opacity="0.55"/>`
      else if (roll < 0.3)
        cells += `<polygon points="${pts(quad)}" fill="${shade}" fill-opacity="${r1(0.08 + rand() * 0.14)}"/>`
      lines += `<polygon points="${pts(quad)}" fill="none"/>`
    }
  }
  const defs = `<clipPath id="${id}"><polygon points="${outline}"/></clipPath>`
  const body =
    `<polygon points="${outline}" fill="${fill}"/>` +
    `<g clip-path="url(#${id})">${cells}<g stroke="${line}" stroke-opacity="${lineOpacity}" stroke-width="1.6" stroke-linejoin="round">${lines}</g></g>` +
    `<polygon points="${outline}" fill="none" stroke="${border}" stroke-width="3" stroke-linejoin="round"/>`
  return { defs, body, outline }
}

/** A location pin: a dot with two soft rings. */
function marker(x: number, y: number, color: string, scale = 1): string {
  return (
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(40 * scale)}" fill="${color}" fill-opacity="0.12"/>` +
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(24 * scale)}" fill="none" stroke="${color}" stroke-width="${r1(2.5 * scale)}" stroke-opacity="0.6"/>` +
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(10 * scale)}" fill="${color}"/>`
  )
}

/* ------------------------------------------------------------------------------------------ */
/* Home: a county patchwork of Ohio with routes from Columbus                                   */
/* ------------------------------------------------------------------------------------------ */

function heroHome(): string {
  const { project } = ohioProjection(820, 95, 710)
  const map = ohioPatchwork({
    id: 'ohio-home',
    project,
    fill: '#ffffff',
    line: NAVY,
    lineOpacity: 0.35,
    shade: NAVY,
    accent: RED,
    seed: 88,
  })
  const [cx, cy] = project(-83.0, 39.96)
  const destinations: [number, number][] = [
    [-81.69, 41.45],
    [-84.51, 39.16],
    [-83.55, 41.63],
    [-81.45, 39.43],
    [-84.1, 40.74],
    [-80.65, 41.1],
    [-82.99, 38.77],
    [-84.19, 39.76],
    [-81.52, 41.08],
  ]
  let routes = ''
  let stops = ''
  destinations.forEach(([lon, lat], i) => {
    const [x, y] = project(lon, lat)
    const bend = i % 2 === 0 ? 0.18 : -0.18
    const mx = (cx + x) / 2 - (y - cy) * bend
    const my = (cy + y) / 2 + (x - cx) * bend
    routes += `<path d="M${r1(cx)},${r1(cy)} Q${r1(mx)},${r1(my)} ${r1(x)},${r1(y)}" fill="none" stroke="${RED}" stroke-width="2.5" stroke-dasharray="8 8" stroke-linecap="round"/>`
    stops += `<circle cx="${r1(x)}" cy="${r1(y)}" r="7" fill="${NAVY}"/><circle cx="${r1(x)}" cy="${r1(y)}" r="13" fill="none" stroke="${NAVY}" stroke-width="2" stroke-opacity="0.4"/>`
  })
  let parallels = ''
  for (let y = 60; y < 900; y += 60) parallels += `<line x1="0" y1="${y}" x2="1600" y2="${y}"/>`
  let meridians = ''
  for (let x = 80; x < 1600; x += 80) meridians += `<line x1="${x}" y1="0" x2="${x}" y2="900"/>`
  const body =
    `<defs>${map.defs}<linearGradient id="home-fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${PAPER}"/><stop offset="1" stop-color="${PAPER}" stop-opacity="0"/></linearGradient></defs>` +
    `<rect width="1600" height="900" fill="${PAPER}"/>` +
    `<g stroke="${SLATE}" stroke-opacity="0.08" stroke-width="1">${parallels}${meridians}</g>` +
    `<rect width="760" height="900" fill="url(#home-fade)"/>` +
    `<polygon points="${map.outline}" fill="${NAVY}" fill-opacity="0.12" transform="translate(14 16)"/>` +
    map.body +
    routes +
    stops +
    marker(cx, cy, RED, 1.3) +
    `<rect x="0" y="862" width="1600" height="38" fill="${NAVY}"/>` +
    `<rect x="0" y="852" width="1600" height="10" fill="${RED}"/>`
  return svg(1600, 900, body)
}

/* ------------------------------------------------------------------------------------------ */
/* Services: a stack of recorded deeds                                                          */
/* ------------------------------------------------------------------------------------------ */

/** One sheet of paper with abstract lines of type; `seal` adds a recorder's seal and signature. */
function sheet(width: number, height: number, seed: number, seal: boolean): string {
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

function heroServices(): string {
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

/* ------------------------------------------------------------------------------------------ */
/* Counties: a magnifier over a parcel plat                                                     */
/* ------------------------------------------------------------------------------------------ */

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

function heroCounties(): string {
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

/* ------------------------------------------------------------------------------------------ */
/* About: a riverfront skyline at sunrise                                                       */
/* ------------------------------------------------------------------------------------------ */

function heroAbout(): string {
  const rand = random(614)
  const waterline = 660
  let buildings = ''
  let windows = ''
  // Background row, lighter, then the main row.
  let x = 0
  while (x < 1600) {
    const w = 50 + rand() * 90
    const h = 110 + rand() * 170
    // Slate thinned towards the paper colour, opaque so the sun does not show through.
    buildings += `<rect x="${r1(x)}" y="${r1(waterline - h)}" width="${r1(w + 1)}" height="${r1(h)}" fill="#a9abae"/>`
    x += w
  }
  const main: { x: number; w: number; h: number; top?: 'stepped' | 'spire' | 'slant' }[] = [
    { x: 140, w: 110, h: 210 },
    { x: 250, w: 90, h: 280, top: 'slant' },
    { x: 360, w: 130, h: 240 },
    { x: 520, w: 100, h: 330 },
    { x: 640, w: 120, h: 440, top: 'stepped' },
    { x: 780, w: 150, h: 360 },
    { x: 950, w: 110, h: 400, top: 'spire' },
    { x: 1080, w: 140, h: 300 },
    { x: 1240, w: 90, h: 250, top: 'slant' },
    { x: 1350, w: 130, h: 200 },
  ]
  for (const b of main) {
    const top = waterline - b.h
    buildings += `<rect x="${b.x}" y="${r1(top)}" width="${b.w}" height="${b.h}" fill="${NAVY}"/>`
    if (b.top === 'stepped') {
      buildings +=
        `<rect x="${b.x + 14}" y="${top - 40}" width="${b.w - 28}" height="40" fill="${NAVY}"/>` +
        `<rect x="${b.x + 30}" y="${top - 76}" width="${b.w - 60}" height="36" fill="${NAVY}"/>` +
        `<polygon points="${pts([
          [b.x + 42, top - 76],
          [b.x + b.w / 2, top - 140],
          [b.x + b.w - 42, top - 76],
        ])}" fill="${NAVY}"/>`
    } else if (b.top === 'spire') {
      buildings += `<rect x="${b.x + b.w / 2 - 3}" y="${top - 70}" width="6" height="70" fill="${NAVY}"/>`
    } else if (b.top === 'slant') {
      buildings += `<polygon points="${pts([
        [b.x, top],
        [b.x + b.w, top - 40],
        [b.x + b.w, top],
      ])}" fill="${NAVY}"/>`
    }
    for (let wy = top + 24; wy < waterline - 30; wy += 28) {
      for (let wx = b.x + 16; wx < b.x + b.w - 20; wx += 24) {
        if (rand() < 0.42)
          windows += `<rect x="${r1(wx)}" y="${r1(wy)}" width="10" height="14" fill="${PAPER}" fill-opacity="${r1(0.35 + rand() * 0.5)}"/>`
      }
    }
  }
  let ripples = ''
  for (let i = 0; i < 26; i++) {
    const ry = waterline + 30 + rand() * 180
    const rx = rand() * 1500
    ripples += `<rect x="${r1(rx)}" y="${r1(ry)}" width="${r1(40 + rand() * 140)}" height="4" rx="2" fill="${PAPER}" fill-opacity="${r1(0.12 + rand() * 0.2)}"/>`
  }
  // A low arched bridge across the river.
  let arches = ''
  for (let i = 0; i < 6; i++) {
    const ax = 180 + i * 220
    arches += `<path d="M${ax},${waterline + 110} a110,70 0 0 1 220,0" fill="none" stroke="${PAPER}" stroke-width="10"/>`
  }
  const body =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${PAPER}"/><stop offset="1" stop-color="#efe2cf"/></linearGradient><clipPath id="sun"><circle cx="1190" cy="290" r="170"/></clipPath></defs>` +
    `<rect width="1600" height="900" fill="url(#sky)"/>` +
    `<circle cx="1190" cy="290" r="170" fill="${RED}" fill-opacity="0.92"/>` +
    `<g fill="${PAPER}" clip-path="url(#sun)"><rect x="1000" y="318" width="380" height="7"/><rect x="1000" y="344" width="380" height="10"/><rect x="1000" y="374" width="380" height="13"/></g>` +
    buildings +
    windows +
    `<rect x="0" y="${waterline}" width="1600" height="${900 - waterline}" fill="${SLATE}"/>` +
    `<rect x="0" y="${waterline}" width="1600" height="${900 - waterline}" fill="${NAVY}" fill-opacity="0.45"/>` +
    ripples +
    `<rect x="120" y="${waterline + 96}" width="1400" height="16" fill="${PAPER}"/>` +
    arches +
    `<rect x="0" y="${waterline - 6}" width="1600" height="8" fill="${NAVY}"/>`
  return svg(1600, 900, body)
}

/* ------------------------------------------------------------------------------------------ */
/* Open Graph card                                                                              */
/* ------------------------------------------------------------------------------------------ */

function ogDefault(): string {
  const { project } = ohioProjection(700, 95, 440)
  const map = ohioPatchwork({
    id: 'ohio-og',
    project,
    fill: PAPER,
    line: NAVY,
    lineOpacity: 0.3,
    shade: NAVY,
    accent: RED,
    seed: 43,
    border: PAPER,
  })
  const [cx, cy] = project(-83.0, 39.96)
  const card = (x: number, y: number, angle: number, seal: boolean, seed: number) =>
    `<g transform="translate(${x} ${y}) rotate(${angle} 140 185)"><rect x="8" y="10" width="280" height="370" rx="6" fill="#000000" fill-opacity="0.25"/>` +
    `<g transform="scale(0.5185)">${sheet(540, 714, seed, seal)}</g></g>`
  const body =
    `<defs>${map.defs}</defs>` +
    `<rect width="1200" height="630" fill="${NAVY}"/>` +
    `<circle cx="900" cy="315" r="330" fill="${PAPER}" fill-opacity="0.05"/>` +
    map.body +
    marker(cx, cy, RED, 1) +
    card(130, 140, -8, false, 71) +
    card(250, 120, 5, true, 72) +
    `<rect x="0" y="600" width="1200" height="30" fill="${RED}"/>`
  return svg(1200, 630, body)
}

export const SEED_IMAGES: SeedImage[] = [
  {
    key: 'hero-home',
    filename: 'hero-home.png',
    alt: 'Illustrated map of Ohio divided into county-like cells, with dashed red routes running from a marker at Columbus to towns across the state.',
    svg: heroHome(),
  },
  {
    key: 'hero-services',
    filename: 'hero-services.png',
    alt: 'A fanned stack of recorded deeds on a navy desk, the top page carrying a red seal and a signature line.',
    svg: heroServices(),
  },
  {
    key: 'hero-counties',
    filename: 'hero-counties.png',
    alt: 'A magnifying glass over a subdivision plat, enlarging one lot outlined in red and a dashed easement line behind it.',
    svg: heroCounties(),
  },
  {
    key: 'hero-about',
    filename: 'hero-about.png',
    alt: 'Stylized downtown skyline above a river and an arched bridge, with a red sun rising behind the towers.',
    svg: heroAbout(),
  },
  {
    key: 'og-default',
    filename: 'og-default.png',
    alt: 'Two deed pages beside an outline map of Ohio marked at Columbus, on a navy background.',
    svg: ogDefault(),
  },
]
