// Releases of the code, for the local stack and for a server alike: each deploy copies the checkout
// into its own folder under a releases folder, builds it there while the running instances go on
// serving the last one, and names it in a `current` link once it is to run. Every instance of a
// release shares its one build (one build id, one deployment id), so a publish on one revalidates
// the cache of all. A place is { releasesDir, currentLink, staticDir }: the stack's is STACK_PLACE,
// a server's comes from deploy/server/layout.mjs.
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'
import { STACK_PLACE } from './config.mjs'
import { pruneStaticFiles } from './staticFiles.mjs'

/** @typedef {import('./config.mjs').ReleasePlace} ReleasePlace */

/** Releases kept beside the current one, for rollbacks; older ones are deleted by a deploy. */
export const RELEASES_KEPT = 3

/**
 * The folder `currentLink` names, or `fallback` when there is none yet (the stack: the checkout).
 * @overload
 * @param {Pick<ReleasePlace, 'currentLink'>} [place]
 * @returns {string}
 */
/**
 * @overload
 * @param {Pick<ReleasePlace, 'currentLink'>} place
 * @param {string | null} fallback
 * @returns {string | null}
 */
/**
 * @param {Pick<ReleasePlace, 'currentLink'>} [place]
 * @param {string | null} [fallback]
 * @returns {string | null}
 */
export function currentRelease({ currentLink } = STACK_PLACE, fallback = ROOT) {
  return fs.existsSync(currentLink) ? fs.realpathSync(currentLink) : fallback
}

/**
 * The releases made so far, oldest first (their names sort by time).
 * @param {Pick<ReleasePlace, 'releasesDir'>} [place]
 * @returns {string[]}
 */
export function releases({ releasesDir } = STACK_PLACE) {
  if (!fs.existsSync(releasesDir)) return []
  return fs
    .readdirSync(releasesDir)
    .sort()
    .map((name) => path.join(releasesDir, name))
}

/**
 * The releases `currentLink` named in turn are listed in this file, one folder a line.
 * @param {string} currentLink
 * @returns {string}
 */
export const historyFileOf = (currentLink) => `${currentLink}.history`
/** How many of the releases named current in turn the history keeps. */
export const HISTORY_KEPT = 50

/**
 * The releases `currentLink` named in turn, oldest first: a deploy adds its release, a rollback takes
 * the current one off, so the last but one is where a rollback goes. Null when none was written (a
 * server deployed before the history was kept).
 * @param {string} currentLink
 * @returns {string[] | null}
 */
export function readHistory(currentLink) {
  const file = historyFileOf(currentLink)
  if (!fs.existsSync(file)) return null
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)
}

/**
 * The history of `currentLink`, ending at the release it names now: on a server deployed before the
 * history was kept, that release alone; after a flip whose history was not written (the deploy
 * stopped between the two), with that release added.
 * @param {string} currentLink
 * @returns {string[]}
 */
export function historySoFar(currentLink) {
  const history = readHistory(currentLink) ?? []
  if (!fs.existsSync(currentLink)) return history
  const current = fs.realpathSync(currentLink)
  return history.at(-1) === current ? history : [...history, current]
}

/**
 * Writes the history of `currentLink` (its last HISTORY_KEPT entries), in one step.
 * @param {string} currentLink
 * @param {string[]} dirs
 */
export function writeHistory(currentLink, dirs) {
  const file = historyFileOf(currentLink)
  fs.writeFileSync(
    `${file}.next`,
    dirs
      .slice(-HISTORY_KEPT)
      .map((dir) => `${dir}\n`)
      .join(''),
  )
  fs.renameSync(`${file}.next`, file)
}

/**
 * Where a rollback from `current` goes: the release named current before it in `history`, skipping
 * any since deleted (not in `releases`), with the history as it will then be; without a history
 * that ends at `current`, the release made before it by name (the history then those releases by
 * name). Null when there is none.
 * @param {{ current: string, releases: string[], history?: string[] | null }} facts
 * @returns {{ previous: string, history: string[] } | null}
 */
export function rollbackTarget({ current, releases, history }) {
  if (history?.at(-1) === current) {
    for (let i = history.length - 2; i >= 0; i -= 1) {
      if (history[i] !== current && releases.includes(history[i]))
        return { previous: history[i], history: history.slice(0, i + 1) }
    }
    return null
  }
  const index = releases.indexOf(current)
  return index > 0 ? { previous: releases[index - 1], history: releases.slice(0, index) } : null
}

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error))

/**
 * Moves the site to the release `target` with `forward`; when that fails partway (an instance that
 * does not answer), moves every instance back to `before` with `back`, so that the site does not run
 * two releases until someone looks, and throws saying what failed and where the site is.
 * @template T
 * @param {{ target: string, before: string, forward: () => Promise<T>, back: () => Promise<unknown> }} move
 * @returns {Promise<T>}
 */
export async function rollForwardOrBack({ target, before, forward, back }) {
  try {
    return await forward()
  } catch (error) {
    const reason = messageOf(error)
    console.error(`> ${target} did not take over (${reason}): moving every instance back to ${before}…`)
    try {
      await back()
    } catch (second) {
      throw new Error(`${reason}; moving back to ${before} failed too: ${messageOf(second)}`)
    }
    throw new Error(`${reason}; every instance is back on ${before}, and ${target} is left for a look`)
  }
}

/**
 * Points `currentLink` at a release, in one step (a new link renamed over the old).
 * @param {string} releaseDir
 * @param {string} [currentLink]
 */
export function markCurrent(releaseDir, currentLink = STACK_PLACE.currentLink) {
  const next = `${currentLink}.next`
  fs.rmSync(next, { force: true })
  fs.symlinkSync(releaseDir, next)
  fs.renameSync(next, currentLink)
}

/**
 * Deletes the releases a rollback can no longer reach, never the current one: with a `history` (the
 * releases named current in turn, oldest first), all but the current one and the last `kept` others
 * it names, so that a release rolled back from or a deploy that failed does not take the place of
 * one that ran; without one, all but the `kept` newest by name. Then deletes the build files in the
 * place's `staticDir` that no remaining release has. Returns the deleted folders.
 * @param {ReleasePlace} [place]
 * @param {number} [kept]
 * @param {string[] | null} [history]
 * @returns {string[]} the folders deleted
 */
export function pruneReleases(place = STACK_PLACE, kept = RELEASES_KEPT, history = readHistory(place.currentLink)) {
  const current = currentRelease(place)
  const all = releases(place).filter((dir) => dir !== current)
  const reachable = history
    ? [...new Set([...history].reverse())].filter((dir) => dir !== current && all.includes(dir)).slice(0, kept)
    : all.slice(Math.max(0, all.length - kept))
  const deleted = all.filter((dir) => !reachable.includes(dir))
  for (const dir of deleted) fs.rmSync(dir, { recursive: true, force: true })
  if (place.staticDir) pruneStaticFiles(place.staticDir, [...reachable, current])
  return deleted
}
