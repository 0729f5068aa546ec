/**
 * LangChain tools carrying Serializable metadata (after langchainjs
 * libs/langchain-community/src/tools: serpapi, calculator, google_places): the metadata is
 * dropped with a note, a secret's run field is named for the host, and a member that only looks
 * like metadata still blocks.
 */
import { Tool } from "./base-tool.js";

const nameFor = (s: string): string => s.toUpperCase();

/** Echoes the query; every kind of metadata LangChain tools declare. */
export class EchoSearch extends Tool {
  static lc_name() {
    return "EchoSearch";
  }

  get lc_namespace() {
    return [...super.lc_namespace, "echo"];
  }

  lc_serializable = true;

  get lc_aliases(): { [key: string]: string } | undefined {
    return { apiKey: "api_key" };
  }

  toJSON() {
    return this.toJSONNotImplemented();
  }

  name = "echo_search";

  description = "Echoes the search query.";

  async _call(input: string): Promise<string> {
    return `results for ${input}`;
  }
}

/** A search whose API key LangChain serialises as a secret. */
export class KeyedSearch extends Tool {
  static lc_name() {
    return "KeyedSearch";
  }

  get lc_secrets(): { [key: string]: string } | undefined {
    return { apiKey: "KEYED_SEARCH_API_KEY" };
  }

  name = "keyed_search";

  description = "Searches with an API key.";

  apiKey: string;

  constructor(apiKey: string) {
    super();
    this.apiKey = apiKey;
  }

  async _call(input: string): Promise<string> {
    const res = await fetch(`https://search.example/?q=${encodeURIComponent(input)}&key=${this.apiKey}`);
    return res.text();
  }
}

/** lc_name computed at run time is not metadata the move can drop: still a static member. */
export class RunTimeNamed extends Tool {
  static lc_name() {
    return nameFor("run-time-named");
  }

  name = "run_time_named";

  description = "Its lc_name is computed.";

  async _call(input: string): Promise<string> {
    return input;
  }
}

/** A namespace built from the instance is not a literal list: a getter reading the instance blocks. */
export class SelfNamedNamespace extends Tool {
  get lc_namespace() {
    return [...super.lc_namespace, this.name];
  }

  name = "self_named_namespace";

  description = "Its lc_namespace reads the instance.";

  async _call(input: string): Promise<string> {
    return input;
  }
}

/** Hands its options to the base (LangChain's ToolParams: callbacks, verbose): no base to take them. */
export class ConfiguredSearch extends Tool {
  static lc_name() {
    return "ConfiguredSearch";
  }

  name = "configured_search";

  description = "Searches with LangChain's tool options.";

  constructor(fields?: { verbose?: boolean }) {
    super(fields);
  }

  async _call(input: string): Promise<string> {
    return input;
  }
}

/** A toJSON() that builds JSON is not the not-serialisable stub: a public method callers may use. */
export class JsonedSearch extends Tool {
  name = "jsoned_search";

  description = "Serialises itself.";

  toJSON() {
    return { name: this.name };
  }

  async _call(input: string): Promise<string> {
    return input;
  }
}

/** A getter other than the spec's reads the instance. */
export class GetterSearch extends Tool {
  name = "getter_search";

  description = "Its prefix is a getter.";

  get prefix(): string {
    return "q:";
  }

  async _call(input: string): Promise<string> {
    return `${this.prefix}${input}`;
  }
}
