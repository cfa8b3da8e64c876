import { marker, ohioPatchwork, ohioProjection } from './ohio'
import { NAVY, PAPER, r1, RED, SLATE, svg } from './svg'

/** Home: a county patchwork of Ohio with routes from Columbus. */

export function heroHome(): string {
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
