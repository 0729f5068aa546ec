// Types for compiled-cli.mjs (plain JavaScript: it runs before tsx is registered).
export declare const COMPILED_COMMANDS: ReadonlySet<string>;
export declare function compiledCli(command: string | undefined, options?: { env?: NodeJS.ProcessEnv; root?: string; cacheDir?: string }): Promise<string | null>;
