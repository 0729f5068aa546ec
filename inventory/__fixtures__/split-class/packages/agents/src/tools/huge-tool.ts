// A class the member-run splitter cuts at (nearly) every member: its facts must be the ones a
// parse of the whole file finds (member-runs.test.ts). Braces in strings, comments, templates and
// regex literals must not move a cut; nested classes and class expressions keep their own facts.
import { Tool } from "./base-tool.js";
import { decorate, track } from "./decorators.js";

const HELPERS = { open: "{", close: "}" };

@decorate({ kind: "tool", braces: "{}" })
export class HugeTool extends Tool {
  // The wire name is a constant declared below the class (another chunk of a big file).
  readonly name = HUGE_NAME;
  private cache?: Map<string, number>;
  #secret = "}";
  protected counter = 0;

  constructor(
    private readonly label: string,
    readonly retries: number,
  ) {
    super();
    this.counter = retries;
  }

  /* a comment with a brace } and a fake member:
  fake() {}
  */
  get lookup(): Map<string, number> {
    if (!this.cache) this.cache = new Map();
    return this.cache;
  }

  @track("member")
  describeBraces(): string {
    return `{${this.label}}` + "}" + '{' + /[{}]+/.source;
  }

  readonly jsonSchema = {
    type: "object",
    properties: { q: { type: "string" } },
  };

  template(): string {
    const t = `
export class NotAClass {
  x = 1;
}
`;
    return t;
  }

  async process(_ctx: unknown, params: Record<string, unknown>): Promise<unknown> {
    this.counter += 1;
    const Inner = class extends Tool {
      readonly name = "inner";
      process() {
        return null;
      }
    };
    const inner = new Inner();
    const made = new Nested();
    return { inner, made, params, q: await fetch(String(params["q"])), helpers: HELPERS };
  }

  ["computed"]() {
    return this.#secret;
  }

  static create(): HugeTool {
    return new HugeTool("x", 1);
  }

  *gen() {
    yield this.counter;
  }

  "quoted-name"() {
    super.userMessage?.();
    return track(this);
  }
}

class Nested extends Tool {
  readonly name = "nested";
  async process() {
    return 1;
  }
}

export const HUGE_NAME = "huge_tool";

export function getBuiltinTools() {
  return [new HugeTool("a", 1), new Nested()];
}
