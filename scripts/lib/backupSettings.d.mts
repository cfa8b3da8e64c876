export declare const MACHINE_SETTINGS: Set<string>
export declare function mergedSettings(current: string, archived: string): { text: string; changed: string[] }
export declare function restoreSettings(
  archivedFile: string,
  settingsFile: string,
  now?: Date,
): { file: string; changed: string[]; keptAs: string | null }
