export declare class DamagedArchiveError extends Error {}

export type TarEntry = {
  name: string
  /** 'file', 'directory', 'symbolic link', 'hard link', 'character device', 'block device', 'FIFO', or 'entry of type X'. */
  kind: string
  linkName: string
  size: number
}

export type TarEntrySink = { write: (chunk: Buffer) => void; end: () => void }

export declare function readTarGz(
  file: string,
  visit: (entry: TarEntry) => TarEntrySink | null | void,
  /** `tap`: awaited with each compressed chunk as it is read (a checksum of the whole file, say). */
  options?: { tap?: (chunk: Buffer) => unknown },
): Promise<void>
