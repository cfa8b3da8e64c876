import { marker, ohioPatchwork, ohioProjection } from './ohio'
import { sheet } from './services'
import { NAVY, PAPER, RED, svg } from './svg'

/** The Open Graph card: deed pages beside a map of Ohio. */

export function ogDefault(): string {
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
