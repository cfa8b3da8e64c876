// The one rule engine for the browser and the server: no dependencies, no DOM or Node APIs (module.test.ts).
export { RULE_NAMES, RULE_PARAMS, type RuleName } from './catalog'
export { checkFieldRules, checkRuleConfig } from './compile'
// The email rule alone, for an address that is no form's field (a sender, a command's argument).
export { isEmail } from './formats/internet'
export { MESSAGES, formatMessage, type MessageKey } from './messages'
export type { FieldErrors, FieldRule, FieldSpec, FieldType, FormValues } from './types'
export { validateField, validateForm } from './validate'
