export type RestoringUser = { uid: number; groups: number[] }
export type Ownership = { uid: number; gid: number; mode: number }
export declare function currentUser(): RestoringUser
export declare function settingsReplaceRefusal(facts: {
  user: RestoringUser
  settingsFile: string
  file: Ownership | null
  folder: Ownership | null
}): string | null
export declare function settingsAccessRefusal(settingsFile: string, user?: RestoringUser): string | null
export declare function restoredOwner(facts: {
  user: RestoringUser
  ownerFolder: { uid: number }
  parent: { gid: number }
}): { uid: number; gid: number } | null
export declare function giveToSiteOwner(entry: string, ownerFolder: string, user?: RestoringUser): void
