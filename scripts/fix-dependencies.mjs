// package.json's postinstall: the fixes of scripts/lib/dependencyFixes.mjs, on this checkout's node_modules.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { applyDependencyFixes } from './lib/dependencyFixes.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
for (const file of applyDependencyFixes(path.join(root, 'node_modules'))) console.log(`> Fixed ${file}`)
