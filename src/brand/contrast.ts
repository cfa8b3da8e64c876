/**
 * WCAG 2 contrast between two sRGB colours written as hex (`#rrggbb` or `#rgb`), for the brand
 * colours' check (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
 */

/** WCAG AA for body text: the least ratio text on a brand colour may have. */
export const MIN_TEXT_CONTRAST = 4.5

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** Under this, an sRGB channel is on the linear part of the transfer curve. */
const LINEAR_LIMIT = 0.04045
const LINEAR_SLOPE = 12.92
const CURVE_OFFSET = 0.055
const CURVE_SCALE = 1.055
const CURVE_EXPONENT = 2.4
/** How much each linear channel adds to luminance (Rec. 709 primaries). */
const CHANNEL_WEIGHTS = [0.2126, 0.7152, 0.0722] as const
/** The flare added to both luminances, so that black on black is 1:1, not 0/0. */
const FLARE = 0.05
const CHANNEL_MAX = 255

export const isHexColour = (value: string): boolean => HEX_COLOUR.test(value)

/** `#abc` → `#aabbcc`, lower case; throws on anything that is not a hex colour. */
export function normalHex(value: string): string {
  const text = value.trim()
  if (!isHexColour(text)) throw new Error(`“${value}” is not a hex colour like #12325a.`)
  const digits = text.slice(1).toLowerCase()
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`
}

/** The three channels, 0-255. */
export function channelsOf(hex: string): [number, number, number] {
  const digits = normalHex(hex).slice(1)
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number]
}

const linear = (channel: number) => {
  const value = channel / CHANNEL_MAX
  return value <= LINEAR_LIMIT ? value / LINEAR_SLOPE : ((value + CURVE_OFFSET) / CURVE_SCALE) ** CURVE_EXPONENT
}

export function relativeLuminance(hex: string): number {
  return channelsOf(hex).reduce((sum, channel, i) => sum + CHANNEL_WEIGHTS[i] * linear(channel), 0)
}

/** The contrast ratio, 1 to 21, the same whichever colour is the text. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a)
  return (light + FLARE) / (dark + FLARE)
}

/** A ratio as people read it in checkers: `4.48:1`, rounded down so that a pass is never shown as one it is not. */
export const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`
