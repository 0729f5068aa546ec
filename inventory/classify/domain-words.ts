/**
 * Words for proposing a capability namespace: which words of a wire name are verbs (not a
 * domain), which domain words name one module whatever they are called in a file name
 * (`pdf` → documents, `browser` → web), which nouns stay singular as a module name (memory,
 * email, media), and the plural of the rest (asset → assets, sketch → sketches).
 */

/** Wire-name and file-name words that say what is done, not to what. */
export const VERBS = new Set([
  "get", "list", "read", "search", "find", "query", "view", "show", "fetch", "describe", "inspect", "lookup", "count",
  "load", "check", "validate", "export", "compare", "analyze", "analyse", "score", "critique", "understand", "detect",
  "preview", "extract", "status", "save", "update", "delete", "remove", "create", "write", "edit", "set", "add", "put",
  "upload", "download", "patch", "rename", "move", "copy", "store", "remember", "forget", "recall", "archive", "restore",
  "apply", "assign", "tag", "mark", "insert", "append", "import", "clear", "reset", "cancel", "share", "publish", "run",
  "exec", "execute", "eval", "test", "build", "debug", "start", "stop", "launch", "invoke", "render", "bake", "assemble",
  "spawn", "call", "trigger", "generate", "send", "navigate", "transcribe", "translate", "convert", "summarize", "split",
  "merge", "join", "index", "embed", "refine", "revise", "derive", "finish", "wait", "await", "reconcile", "take",
  "press", "click", "scroll", "select", "input", "capture", "open", "close", "switch", "paste", "resolve", "submit",
  "make", "do", "use", "modify", "fix", "parse", "format", "sort", "filter", "upsert", "sync", "watch", "print", "log",
  "local", "my", "new", "all", "batch", "text", "info", "details", "by", "to", "from", "of", "in", "for", "and", "with",
]);

/** Domain words → the module they belong to (the design's mapping table, generalised). */
export const DOMAIN_SYNONYMS: Readonly<Record<string, string>> = {
  file: "files", files: "files", filesystem: "files", fs: "files", directory: "files", dir: "files", folder: "files",
  glob: "files", grep: "files", workspace: "files", path: "files",
  http: "web", https: "web", url: "web", web: "web", browser: "web", browse: "web", screenshot: "web", website: "web",
  webpage: "web", scrape: "web", serp: "web", search: "web", download: "web",
  pdf: "documents", doc: "documents", docx: "documents", document: "documents", documents: "documents", markdown: "documents",
  vector: "collections", embedding: "collections", embeddings: "collections", chroma: "collections", collection: "collections",
  image: "media", images: "media", audio: "media", video: "media", speech: "media", tts: "media", music: "media", media: "media",
  mail: "email", gmail: "email", inbox: "email", email: "email", emails: "email",
  subtask: "agents", subagent: "agents", agent: "agents",
};

/** Module names that stay singular (mass nouns: a file stem naming one is its domain). */
export const SINGULAR = new Set(["memory", "email", "media", "web", "code", "shared", "analysis", "ui", "math", "style", "search", "news", "data", "storage", "metadata", "auth", "billing", "chat", "cache", "config", "compute", "weather", "knowledge", "feedback", "history"]);

/** Vendor and framework names: they say whose API, not which domain (`openai-tools.ts` mixes web search and media). */
export const VENDORS = new Set(["openai", "google", "anthropic", "gemini", "claude", "dataforseo", "dataseo", "serpapi", "apify", "brave", "exa", "tavily", "bing", "duckduckgo", "perplexity", "mistral", "cohere", "huggingface", "replicate", "fal", "elevenlabs", "langchain", "llamaindex", "mcp", "aws", "azure", "gcp", "ollama", "groq"]);

/** File stems that carry no domain (a file of several domains, or of plumbing). */
export const GENERIC_STEMS = new Set(["mcp", "tool", "tools", "builtin", "builtins", "misc", "common", "core", "base", "util", "utils", "helpers", "helper", "index", "all", "default", "extra", "extras", "legacy", "external", "internal", "registry", "custom", "basic", "standard", "std"]);

export function pluralModule(word: string): string {
  const w = word.toLowerCase();
  // Adjective-looking words (`quirky-tools.ts`) and mass nouns are not counted things.
  if (SINGULAR.has(w) || w.endsWith("s") || /(ky|ful|ous|ish|less)$/.test(w)) return w;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  if (/(ch|sh|x|z)$/.test(w)) return `${w}es`;
  return `${w}s`;
}

/** The module a domain word names: a synonym, else its plural. */
export function moduleOfWord(word: string): string {
  const w = word.toLowerCase();
  return DOMAIN_SYNONYMS[w] ?? pluralModule(w);
}

/**
 * The domain words of a wire name or file stem, in order (verbs and short words dropped). For a
 * file stem, a verb that names a domain on its own (`search-tools.ts`) comes last.
 */
export function domainWords(name: string, options: { readonly stem?: boolean } = {}): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !/^\d+$/.test(w));
  const nouns = words.filter((w) => !VERBS.has(w) && !VENDORS.has(w));
  return options.stem ? [...nouns, ...words.filter((w) => VERBS.has(w) && DOMAIN_SYNONYMS[w])] : nouns;
}
