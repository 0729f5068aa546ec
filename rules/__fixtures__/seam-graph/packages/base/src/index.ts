export const BASE = 1;
