// REFUSE
export const foo = 2;
