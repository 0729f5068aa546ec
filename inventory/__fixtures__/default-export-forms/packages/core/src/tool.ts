abstract class Tool {
  abstract readonly name: string;
  abstract process(): Promise<unknown>;
}

export { Tool as default };
