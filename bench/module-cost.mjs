// Compressed size of the built client chunks that hold a given piece of code, found by a
// string only that code contains. Usage: node bench/module-cost.mjs "label=marker" ...
// Run after `next build`. A chunk may hold other modules too, so each figure is an upper bound.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const chunksDir = path.resolve('.next/static/chunks')
if (!fs.existsSync(chunksDir)) {
  console.error('No build found: run `npx next build` first.')
  process.exit(1)
}
const files = fs
  .readdirSync(chunksDir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, source: fs.readFileSync(path.join(chunksDir, file)) }))

const DEFAULT_MARKERS = [
  'page chrome (src/site/chrome)=mobile-menu-open',
  'accordion (src/blocks/Faq)=accordion-toggle',
]
const rows = (process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_MARKERS).map((arg) => {
  const [label, marker] = arg.split('=')
  const hits = files.filter(({ source }) => source.includes(marker))
  const gzip = hits.reduce((sum, { source }) => sum + gzipSync(source, { level: 9 }).length, 0)
  return { label, chunks: hits.map((hit) => hit.file).join(' '), 'gzip bytes': gzip }
})
console.table(rows)
