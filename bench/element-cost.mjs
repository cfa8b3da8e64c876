// Compressed size of each page element's client code on its own, bundled and minified the way
// a production build would ship it (React and Next left out: every page loads them anyway).
// Usage: node bench/element-cost.mjs. Complements module-cost.mjs, whose figures are whole chunks.
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/** Each element's client entry, and when a page loads it. */
const ELEMENTS = {
  'accordion (src/blocks/Faq/Accordion.tsx)': ['src/blocks/Faq/Accordion.tsx', 'with every page'],
  'progress counters (src/blocks/Stats/ProgressCounters.tsx)': [
    'src/blocks/Stats/ProgressCounters.tsx',
    'after hydration, on pages holding counters',
  ],
  'carousel (src/blocks/Testimonials/Carousel.tsx)': [
    'src/blocks/Testimonials/Carousel.tsx',
    'after hydration, on pages holding a carousel',
  ],
  'touch gestures (src/dom/gestures.ts)': ['src/dom/gestures.ts', 'with the carousel or the mobile panel'],
  'mobile panel (src/site/chrome/mobileMenu.ts)': ['src/site/chrome/mobileMenu.ts', 'on first use of the menu button'],
  'typeahead (src/search/typeahead.ts)': ['src/search/typeahead.ts', 'on first use of the search box'],
  'searchable dropdown (src/forms/dropdown/enhanceSelect.ts)': [
    'src/forms/dropdown/enhanceSelect.ts',
    'with the form behaviour, on first interaction with a form',
  ],
  'lazy image fade (src/blocks/lazyImages.ts)': ['src/blocks/lazyImages.ts', 'with every page'],
  'textarea auto-grow fallback (src/forms/autoGrow.ts)': ['src/forms/autoGrow.ts', 'with every page'],
}

const rows = []
for (const [label, [entry, loads]] of Object.entries(ELEMENTS)) {
  const result = await build({
    entryPoints: [path.resolve(entry)],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    alias: { '@': path.resolve('src') },
    external: ['react', 'react-dom', 'react/jsx-runtime', 'next', 'next/*'],
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].contents
  rows.push({ element: label, 'min bytes': code.length, 'gzip bytes': gzipSync(code, { level: 9 }).length, loads })
}
console.table(rows)
