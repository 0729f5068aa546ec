/** The same context as published by the package's former name: one more optional field. */
export interface ProcessingContext {
  readonly userId: string;
  readonly locale?: string;
}
