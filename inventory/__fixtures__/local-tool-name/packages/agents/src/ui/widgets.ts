class Tool {
  draw(): void {}
}

export class HammerTool extends Tool {
  readonly name = "hammer";
}
