import { Runnable } from "../runnables.js";

export abstract class StructuredTool<SchemaT = unknown> extends Runnable<SchemaT> {
  abstract name: string;
  abstract schema: SchemaT;
  protected abstract _call(arg: unknown): Promise<string>;
}

export abstract class Tool extends StructuredTool<string> {
  schema = "string";
}
