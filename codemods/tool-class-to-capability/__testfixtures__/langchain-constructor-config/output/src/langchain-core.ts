/**
 * Stand-ins for the two @langchain/core entry points the tools import (declared, not installed, so
 * the fixture type-checks on its own): the Tool base keeps its ToolParams for its own invoke, and
 * getEnvironmentVariable only reads the environment.
 */
declare module "@langchain/core/tools" {
  export interface ToolParams {
    verbose?: boolean;
    tags?: string[];
  }
  export abstract class Tool {
    constructor(fields?: ToolParams);
    abstract name: string;
    abstract description: string;
    protected abstract _call(input: string): Promise<string>;
    static lc_name(): string;
  }
}

declare module "@langchain/core/utils/env" {
  export function getEnvironmentVariable(name: string): string | undefined;
}
