export const JOB_ID = { type: "string" } as const;
