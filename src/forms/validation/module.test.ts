// The engine ships to the browser as it is: it must stay free of dependencies and of DOM or Node globals.
import { describe, expect, it } from 'vitest'
import { RULE_NAMES } from './catalog'
import { checkFieldRules, checkRuleConfig } from './compile'
import { isEmail } from './formats/internet'
import * as barrel from './index'
import { formatMessage, MESSAGES } from './messages'
import { engineModules, staysInFolder } from './testing/sources'
import { validateField, validateForm } from './validate'

describe('module', () => {
  const modules = engineModules()

  it('imports nothing from outside the engine folder', () => {
    expect(modules.length).toBeGreaterThan(5)
    for (const engineModule of modules) {
      for (const specifier of engineModule.imports) {
        expect(staysInFolder(engineModule, specifier), `${engineModule.file} imports ${specifier}`).toBe(true)
      }
    }
  })

  it('uses no DOM or Node-only globals', () => {
    for (const { file, source } of modules) {
      for (const global of [
        'window',
        'document',
        'navigator',
        'process',
        'Buffer',
        'require(',
        '__dirname',
        'globalThis',
      ]) {
        expect(source.includes(global), `${global} in ${file}`).toBe(false)
      }
    }
  })

  it('is re-exported from the folder index', () => {
    expect(barrel.validateForm).toBe(validateForm)
    expect(barrel.validateField).toBe(validateField)
    expect(barrel.checkRuleConfig).toBe(checkRuleConfig)
    expect(barrel.checkFieldRules).toBe(checkFieldRules)
    expect(barrel.formatMessage).toBe(formatMessage)
    expect(barrel.MESSAGES).toBe(MESSAGES)
    expect(barrel.RULE_NAMES).toBe(RULE_NAMES)
    expect(barrel.isEmail).toBe(isEmail)
  })
})
