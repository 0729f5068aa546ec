export interface ProcessingContext { readonly user: string }
export abstract class Tool<P = Record<string, unknown>> {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract process(context: ProcessingContext, params: P): Promise<unknown>;
}
