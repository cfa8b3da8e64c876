// Shared by the engine's tests: the source of every module the folder index pulls in, which is what ships.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const IMPORT = /^(?:import|export)\b[^;']*? from '([^']+)'/gm

export type EngineModule = { file: string; source: string; imports: string[] }

/** index.ts and every module it reaches through relative imports, each with the paths it imports. */
export function engineModules(): EngineModule[] {
  const modules: EngineModule[] = []
  const pending = [path.join(FOLDER, 'index.ts')]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (modules.some((engineModule) => engineModule.file === file)) continue
    const source = readFileSync(file, 'utf8')
    const imports = [...source.matchAll(IMPORT)].map((match) => match[1])
    modules.push({ file, source, imports })
    for (const specifier of imports) {
      const target = path.resolve(path.dirname(file), `${specifier}.ts`)
      if (specifier.startsWith('.') && existsSync(target)) pending.push(target)
    }
  }
  return modules
}

/** True when the import names a module file inside the engine's folder. */
export function staysInFolder(engineModule: EngineModule, specifier: string): boolean {
  const target = path.resolve(path.dirname(engineModule.file), `${specifier}.ts`)
  return specifier.startsWith('.') && target.startsWith(FOLDER + path.sep) && existsSync(target)
}
