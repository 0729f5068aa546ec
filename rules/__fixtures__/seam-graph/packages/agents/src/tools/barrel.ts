export * from "../capabilities/barrel-cap.js";
export const BARREL = 1;
