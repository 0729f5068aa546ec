export const bar = 1;
