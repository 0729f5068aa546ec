/** One of two files of the "desk" namespace: its names meet the other file's in desk.ts. */

export interface Options {
  readonly pinnedFirst?: boolean;
}
