// The shapes the rule engine reads: a field with its rules, and what a visitor submitted.
import type { RuleName } from './catalog'

export type FieldRule = { rule: RuleName; param?: string | null; param2?: string | null }

export type FieldType = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkbox' | 'radio' | 'file'

export type FieldSpec = {
  name: string
  label?: string
  required?: boolean
  type?: FieldType
  multiple?: boolean
  /** Allowed values for select and radio fields. */
  options?: string[]
  rules?: FieldRule[]
}

/** A multi-select gives string[]; a checkbox gives 'on' when checked and '' or nothing when not. */
export type FormValues = Record<string, string | string[]>

export type FieldErrors = Record<string, string>
