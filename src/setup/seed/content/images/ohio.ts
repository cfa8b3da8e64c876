import { pts, r1, random } from './svg'

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
export function ohioProjection(x: number, y: number, height: number): { project: Projection; width: number } {
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
export function ohioPatchwork(options: {
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
export function marker(x: number, y: number, color: string, scale = 1): string {
  return (
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(40 * scale)}" fill="${color}" fill-opacity="0.12"/>` +
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(24 * scale)}" fill="none" stroke="${color}" stroke-width="${r1(2.5 * scale)}" stroke-opacity="0.6"/>` +
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(10 * scale)}" fill="${color}"/>`
  )
}
