export const MAX_LINKS = 5;
