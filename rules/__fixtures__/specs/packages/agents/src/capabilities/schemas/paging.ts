export const PAGE_SCHEMA = { type: "object", properties: { limit: { type: "number" } } } as const;
