export interface ProcessingContext {
  readonly userId: string;
}
