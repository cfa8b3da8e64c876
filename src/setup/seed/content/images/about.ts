import { NAVY, PAPER, pts, r1, random, RED, SLATE, svg } from './svg'

/** About: a riverfront skyline at sunrise. */

export function heroAbout(): string {
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
