import Tool from "@vendor/agent-sdk";

export class VendorDefaultTool extends Tool {
  readonly name = "vendor_default";
  async process(): Promise<unknown> {
    return null;
  }
}
