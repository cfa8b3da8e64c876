/** The palette and small SVG helpers the seed illustrations share. */

export const NAVY = '#12325a'
export const RED = '#b3202a'
export const PAPER = '#f6f1e7'
export const SLATE = '#4a5568'

/** Deterministic pseudo-random numbers, so the drawings are the same on every seed. */
export function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const r1 = (n: number) => Math.round(n * 10) / 10
export const pts = (points: [number, number][]) => points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')

export function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`
}
