import { Tool } from "@vendor/agent-sdk";

export class VendorTool extends Tool {
  readonly name = "vendor_thing";
  readonly description = "vendor_thing tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
