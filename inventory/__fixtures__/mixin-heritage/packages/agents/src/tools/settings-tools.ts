import { Tool } from "./base-tool.js";
import { WithSettings } from "./mixins.js";

// Alone in their file, so only their own headers can send it to the parser: the mixin's options
// object puts a `{` before the base, and the type parameter's constraint holds one too.
export class SettledTool extends WithSettings({ retries: 2 }, Tool) {
  readonly name = "settled";
  readonly description = "settled tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class KeyedTool<TKey extends { readonly id: string } = { readonly id: string }> extends Tool {
  readonly name = "keyed";
  readonly description = "keyed tool";
  async process(params: TKey): Promise<unknown> {
    return { id: params.id };
  }
}
