import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

/** The longest a source or test file may be, every line counted (issue 54): a longer one is split by job. */
const MAX_FILE_LINES = 300

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'src/payload-types.ts',
      'src/migrations/**',
      'src/app/(payload)/admin/importMap.js',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    // Every file of the project's code and tests; the generated ones (migrations, payload-types) are ignored above.
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    rules: { 'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }] },
  },
]

export default config
