/** The dashboard's headings, which tests and editors look for. */
export const AT_A_GLANCE_HEADING = 'At a glance'
export const FIRST_DAY_HEADING = 'Before you open'
