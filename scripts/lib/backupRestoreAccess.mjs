// Who may restore where. A restore brings an encrypted archive's settings into the target's settings
// file, which on a server is root's (/etc/site/site.env, in root's /etc/site): run as the site's
// user, it would restore the data and then fail on the settings, leaving the site with its old
// secrets. So it refuses first, before touching anything, and says to run it as root; run as root,
// it gives what it restores to the owners the site's own files have. The decisions are made from
// facts (user, owners, modes) so that they are tested without root.
import fs from 'node:fs'
import path from 'node:path'

/** @typedef {{ uid: number, groups: number[] }} RestoringUser */
/** @typedef {{ uid: number, gid: number, mode: number }} Ownership */

const ROOT_UID = 0
/** The bits of a folder's mode that let its owner, its group, or anyone else make and rename entries in it (write and search). */
const FOLDER_WRITE_BITS = { owner: 0o300, group: 0o030, other: 0o003 }

/**
 * The user this process runs as: its uid and the groups it is in.
 * @returns {RestoringUser}
 */
export const currentUser = () => ({ uid: process.getuid?.() ?? ROOT_UID, groups: process.getgroups?.() ?? [] })

/**
 * @param {number} mode
 * @param {number} bits
 */
const hasBits = (mode, bits) => (mode & bits) === bits

/**
 * Whether `user` may make and rename entries in a folder of owner, group and mode `folder`.
 * @param {RestoringUser} user
 * @param {Ownership} folder
 */
function mayWriteIn(user, folder) {
  if (user.uid === ROOT_UID) return true
  if (folder.uid === user.uid) return hasBits(folder.mode, FOLDER_WRITE_BITS.owner)
  if (user.groups.includes(folder.gid)) return hasBits(folder.mode, FOLDER_WRITE_BITS.group)
  return hasBits(folder.mode, FOLDER_WRITE_BITS.other)
}

/**
 * Why `user` cannot replace a settings file as a restore does (a new file made in its folder, then
 * renamed over it, its owner kept), or null when it can: `file` and `folder` are their owner, group
 * and mode (`file` null when there is none yet, `folder` null when that folder does not exist).
 * @param {{ user: RestoringUser, settingsFile: string, file: Ownership | null, folder: Ownership | null }} facts
 * @returns {string | null}
 */
export function settingsReplaceRefusal({ user, settingsFile, file, folder }) {
  if (user.uid === ROOT_UID) return null
  const folderName = path.dirname(settingsFile)
  if (!folder) return `its folder ${folderName} does not exist`
  if (!mayWriteIn(user, folder)) return `this user (uid ${user.uid}) may not write in ${folderName}`
  if (file && file.uid !== user.uid)
    return `it belongs to another user (uid ${file.uid}), whose file only root may replace`
  return null
}

/**
 * Owner, group and mode of `file`, or null when there is none.
 * @param {string} file
 * @returns {Ownership | null}
 */
const ownershipOf = (file) => {
  try {
    const { uid, gid, mode } = fs.statSync(file)
    return { uid, gid, mode }
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null
    throw error
  }
}

/**
 * The refusal, in words for the operator, of a restore of an archive that may hold settings (an
 * encrypted one) by a user who cannot write them into `settingsFile`; null when it may go on.
 * @param {string} settingsFile
 * @param {RestoringUser} [user]
 * @returns {string | null}
 */
export function settingsAccessRefusal(settingsFile, user = currentUser()) {
  const reason = settingsReplaceRefusal({
    user,
    settingsFile,
    file: ownershipOf(settingsFile),
    folder: ownershipOf(path.dirname(settingsFile)),
  })
  if (!reason) return null
  return `an encrypted archive brings the site's settings into ${settingsFile}, and ${reason}: run the restore as root (sudo), which replaces the file keeping its owner and mode, and gives what it restores to the owner of the data folder`
}

/**
 * Who should own an entry a restore made, or null to leave it as made: run by root, whose files
 * the site could not change, each entry goes to the owner of `ownerFolder` (the data folder, the
 * backup folder) with the group of `parent`, the folder it was made in, as the site's own files have.
 * @param {{ user: RestoringUser, ownerFolder: { uid: number }, parent: { gid: number } }} facts
 * @returns {{ uid: number, gid: number } | null}
 */
export const restoredOwner = ({ user, ownerFolder, parent }) =>
  user.uid === ROOT_UID ? { uid: ownerFolder.uid, gid: parent.gid } : null

/**
 * Gives `entry` (a file or folder a restore made below `ownerFolder`) and the folders made for it up
 * to `ownerFolder` to their owners (restoredOwner); does nothing unless run by root.
 * @param {string} entry
 * @param {string} ownerFolder
 * @param {RestoringUser} [user]
 */
export function giveToSiteOwner(entry, ownerFolder, user = currentUser()) {
  if (user.uid !== ROOT_UID) return
  const top = path.resolve(ownerFolder)
  const owner = fs.statSync(top)
  if (owner.uid === ROOT_UID) return
  const below = []
  for (let made = path.resolve(entry); made.startsWith(`${top}${path.sep}`); made = path.dirname(made))
    below.unshift(made)
  // From the top down, so that each entry takes the group its folder has once given away.
  for (const made of below) {
    // A folder the site owned already (the data folder's own, kept by a forced restore) stays as it is.
    if (fs.lstatSync(made).uid !== ROOT_UID) continue
    const wanted = restoredOwner({ user, ownerFolder: owner, parent: fs.statSync(path.dirname(made)) })
    if (wanted) fs.lchownSync(made, wanted.uid, wanted.gid)
  }
}
