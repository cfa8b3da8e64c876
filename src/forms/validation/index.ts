export { RULE_NAMES, RULE_PARAMS, type RuleName } from './catalog'
export {
  MESSAGES,
  checkRuleConfig,
  formatMessage,
  validateField,
  validateForm,
  type FieldErrors,
  type FieldRule,
  type FieldSpec,
  type FieldType,
  type FormValues,
  type MessageKey,
} from './engine'
