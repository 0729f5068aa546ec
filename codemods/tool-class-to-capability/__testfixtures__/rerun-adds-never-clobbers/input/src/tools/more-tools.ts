import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

export class CancelJobTool extends Tool {
  readonly name = "cancel_job";
  readonly description = "Cancel one of your jobs.";
  readonly jsonSchema = { type: "object", properties: { job_id: { type: "string" } }, required: ["job_id"] };

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    return { cancelled: params["job_id"], by: context.userId };
  }
}

export class SendEmailTool extends Tool {
  readonly name = "send_email";
  readonly description = "Send an email.";
  readonly jsonSchema = { type: "object", properties: { to: { type: "string" } } };

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { sent: params["to"] };
  }
}
