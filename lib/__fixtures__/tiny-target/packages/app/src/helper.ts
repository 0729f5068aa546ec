export const helper = (): string => "relative .js → .ts works";
