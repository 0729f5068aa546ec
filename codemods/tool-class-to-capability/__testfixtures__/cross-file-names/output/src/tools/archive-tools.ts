/**
 * The other file of the "desk" namespace: the same names bound to other things (a context type
 * from another module, its own clip, an imported PAGE_SIZE, its own `Options` for a constructor
 * parameter also called `options`) and one helper written identically.
 */

export interface Options {
  readonly reason: string;
}
