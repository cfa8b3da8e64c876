/**
 * One value per process, shared by every copy of the module that asks for it. Next bundles each
 * route, Payload's hooks and the site's own server with copies of their own of a module, so a
 * module-level variable is one per copy; state that must be one per process (a registry, a hub,
 * a memo an edit must clear everywhere) is kept on globalThis under `name` instead.
 *
 * `name` is the state's name across the process (`capability.what`): one name, one module. The
 * value is made by `make` on the first call anywhere in the process; every later call, from any
 * copy, answers that same value. Keep what changes inside it (a field of an object, entries of a
 * Map), not by replacing it.
 */
export function processWide<T>(name: string, make: () => T): T {
  const holder = globalThis as { [key: symbol]: unknown }
  const key = Symbol.for(`${PROCESS_WIDE_PREFIX}${name}`)
  if (!(key in holder)) holder[key] = make()
  return holder[key] as T
}

/** Before every name: this site's state among whatever else shares the process's globalThis. */
export const PROCESS_WIDE_PREFIX = 'cardinal-title.'
