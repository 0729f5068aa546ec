/**
 * The registry migrate writes for a base without `process` (fixture langchain-base-bridge, a
 * stand-in for @langchain/core's Tool/StructuredTool: `invoke` checks `schema`, then `_call`)
 * builds Tools that LangChain's own door runs: a string capability through its JSON schema, a
 * zod one through its zod schema, and bad input is rejected by the base's check as before.
 */
import { describe, expect, it } from "vitest";

const REGISTRY = "./__testfixtures__/langchain-base-bridge/output/src/capabilities/registry.js";

interface LangChainLike {
  readonly name: string;
  readonly schema: unknown;
  invoke(input: unknown): Promise<string>;
}

describe("Tool adapters over a LangChain base (generated bridge)", () => {
  it("runs each capability through the base's invoke: schema check, then _call into the impl", async () => {
    const { toolForCapabilityName } = (await import(REGISTRY)) as {
      toolForCapabilityName(name: string): LangChainLike;
    };
    const reverse = toolForCapabilityName("reverse");
    const repeat = toolForCapabilityName("repeat");
    expect(await reverse.invoke("abc")).toBe("cba");
    expect(await repeat.invoke({ text: "ab", times: 3 })).toBe("ababab");
    // No zod schema for the one-string capability: its JSON schema stands in (inputSchemaAsSchema).
    expect(reverse.schema).toMatchObject({ required: ["input"] });
    await expect(repeat.invoke({ text: "ab", times: 0 })).rejects.toThrow();
    await expect(reverse.invoke({})).rejects.toThrow("missing input");
  });
});
