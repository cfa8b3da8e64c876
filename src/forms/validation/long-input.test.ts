import { describe, expect, it } from 'vitest'
import { RULE_NAMES, type RuleName } from './catalog'
import { engineModules } from './testing/sources'
import type { FieldSpec } from './types'
import { validateField, validateForm } from './validate'

const MB = 1 << 20
/** Far above linear time on any machine, far below what catastrophic backtracking on 1 MB takes. */
const LIMIT_MS = 5000

/** Parameters that make each rule do its real work. */
const PARAMS: Record<RuleName, [string?, string?]> = {
  email: [],
  url: [],
  date: [],
  dateISO: [],
  number: [],
  digits: [],
  creditcard: [],
  equalTo: ['other'],
  maxlength: ['2000000'],
  minlength: ['10'],
  rangelength: ['10', '2000000'],
  range: ['1', '10'],
  max: ['10'],
  min: ['1'],
  maxWords: ['1000000'],
  minWords: ['2'],
  rangeWords: ['2', '1000000'],
  extension: ['pdf|docx?|tar.gz'],
  accept: ['image/*,application/pdf'],
  iban: [],
  bic: [],
  phoneUS: [],
  phoneUK: [],
  mobileUK: [],
  phoneNL: [],
  zipcodeUS: [],
  postalCodeCA: [],
  postcodeUK: [],
  time: [],
  time12h: [],
  ipv4: [],
  ipv6: [],
  require_from_group: ['1', 'f,other'],
}

const fill = (unit: string, tail = ''): string => unit.repeat(Math.ceil((MB - tail.length) / unit.length)) + tail

/** Shapes that make backtracking patterns explode: long runs that almost match, then fail at the end. */
const HOSTILE: Record<string, string> = {
  letters: fill('a'),
  digits: fill('1', '!'),
  spaces: ' '.repeat(MB / 2) + 'x' + ' '.repeat(MB / 2),
  'dotted labels': fill('a.', '-'),
  'thousands groups': fill('1,', '1'),
  'decimal groups': fill('123,', '.'),
  'colon groups': fill('1:', ':'),
  'at signs': fill('a@', '@'),
  'url host': 'http://' + fill('a-', '.com !'),
  'url userinfo': 'https://' + fill('a:', '@'),
  'card digits': fill('1 ', 'x'),
  'card dashes': fill('4-'),
  'phone punctuation': fill('(1)-', '0'),
  'open tags': fill('<a'),
  'unclosed tag': '<p' + fill(' x'),
  entities: fill('&a', ';'),
  apostrophes: fill("a'"),
  hyphens: fill('-'),
  'accented words': fill('naïve '),
  emoji: fill('😀'),
  'crlf lines': fill('a\r\n'),
  'date words': fill('Jan 1, ', '2024'),
  'iban spaces': fill('GB82 '),
  'file name dots': fill('a.', 'pd'),
  'mime type': 'image/' + fill('a', ';'),
}

function timed(run: () => unknown): number {
  const start = performance.now()
  run()
  return performance.now() - start
}

describe('1 MB inputs', () => {
  it('has hostile inputs of at least 1 MB', () => {
    for (const [name, value] of Object.entries(HOSTILE)) expect(value.length, name).toBeGreaterThanOrEqual(MB)
  })

  for (const rule of RULE_NAMES) {
    it(`are validated by ${rule} without catastrophic backtracking`, () => {
      const [param, param2] = PARAMS[rule]
      const spec: FieldSpec = { name: 'f', rules: [{ rule, param, param2 }] }
      for (const [name, value] of Object.entries(HOSTILE)) {
        let message: string | null = 'not run'
        const elapsed = timed(() => {
          message = validateField(spec, { f: value, other: 'x' })
        })
        expect(elapsed, `${rule} on ${name}`).toBeLessThan(LIMIT_MS)
        expect(message, `${rule} on ${name}`).not.toBe('not run')
      }
    })
  }

  it('are rejected by every fixed-format rule', () => {
    const formats: RuleName[] = [
      'email', 'url', 'date', 'dateISO', 'digits', 'creditcard', 'iban', 'bic', 'phoneUS', 'phoneUK',
      'mobileUK', 'phoneNL', 'zipcodeUS', 'postalCodeCA', 'postcodeUK', 'time', 'time12h', 'ipv4', 'ipv6',
    ] // prettier-ignore
    for (const rule of formats) {
      for (const [name, value] of Object.entries(HOSTILE)) {
        expect(validateField({ name: 'f', rules: [{ rule }] }, { f: value }), `${rule} on ${name}`).not.toBeNull()
      }
    }
  })

  it('are measured correctly by the length and word rules', () => {
    const long = fill('naïve ')
    const words = Math.ceil(MB / 6)
    expect(
      validateField({ name: 'f', rules: [{ rule: 'maxlength', param: String(long.length) }] }, { f: long }),
    ).toBeNull()
    expect(validateField({ name: 'f', rules: [{ rule: 'maxWords', param: String(words) }] }, { f: long })).toBeNull()
    expect(validateField({ name: 'f', rules: [{ rule: 'maxWords', param: String(words - 1) }] }, { f: long })).toBe(
      `Please enter no more than ${words - 1} words.`,
    )
  })

  it('are handled quickly by required, email fields, options and a whole form', () => {
    const specs: FieldSpec[] = [
      { name: 'a', required: true },
      { name: 'b', type: 'email' },
      { name: 'c', type: 'select', options: ['yes', 'no'] },
      { name: 'd', type: 'select', multiple: true, options: ['yes'], rules: [{ rule: 'maxlength', param: '3' }] },
    ]
    for (const value of Object.values(HOSTILE)) {
      let errors: Record<string, string> = {}
      const elapsed = timed(() => {
        errors = validateForm(specs, { a: value, b: value, c: value, d: [value, value] })
      })
      expect(elapsed).toBeLessThan(LIMIT_MS)
      expect(errors).toMatchObject({ b: 'Please enter a valid email address.', c: 'Please select a valid option.' })
    }
  })
})

const QUANTIFIER = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/

/** True when a quantified group contains a quantifier, as in (a+)+ or (?:\.\w{2})*. */
function hasNestedQuantifier(source: string): boolean {
  const open: boolean[] = []
  let closedGroupQuantified = false
  let justClosed = false
  for (let i = 0; i < source.length;) {
    const char = source[i]
    if (char === '\\') {
      i += 2
    } else if (char === '[') {
      i++
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1
      i++
    } else if (char === '(') {
      open.push(false)
      const prefix = /^\((?:\?:|\?=|\?!|\?<=|\?<!|\?<[A-Za-z]\w*>)?/.exec(source.slice(i))
      i += prefix ? prefix[0].length : 1
      justClosed = false
      continue
    } else if (char === ')') {
      closedGroupQuantified = open.pop() ?? false
      if (closedGroupQuantified && open.length > 0) open[open.length - 1] = true
      justClosed = true
      i++
      continue
    } else {
      const quantifier = QUANTIFIER.exec(source.slice(i))
      if (quantifier) {
        if (justClosed && closedGroupQuantified) return true
        if (open.length > 0) open[open.length - 1] = true
        i += quantifier[0].length
      } else {
        i++
      }
    }
    justClosed = false
  }
  return false
}

describe('regular expressions', () => {
  const source = engineModules()
    .map((engineModule) => engineModule.source)
    .join('\n')
  const LITERAL = /(?<=[=(,:!&|?]\s*|^\s*|return\s+)\/((?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+)\/[dgimsuy]*/gm
  const patterns = [...source.matchAll(LITERAL)].map((match) => match[1]).filter((pattern) => !pattern.startsWith('*'))

  it('are found in the engine source', () => {
    expect(patterns.length).toBeGreaterThan(40)
    for (const pattern of patterns) expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow()
  })

  it('are recognised as dangerous when a quantified group holds a quantifier', () => {
    for (const bad of ['(a+)+', '^(?:\\.[a-z]{2,})*$', '(a|b*){2}', '((a)+)?', '(?:x(?:y+))*']) {
      expect(hasNestedQuantifier(bad), bad).toBe(true)
    }
    for (const fine of ['(a)+', '(?:ab|cd)?x+', '[(a+)]+', '\\(a+\\)+', '(?=\\d{3})', '^\\d{5}$|^\\d{5}-\\d{4}$']) {
      expect(hasNestedQuantifier(fine), fine).toBe(false)
    }
  })

  it('never put a quantifier inside a quantified group', () => {
    for (const pattern of patterns) expect(hasNestedQuantifier(pattern), pattern).toBe(false)
  })
})
