import { formatCount } from "./count";

/** "1 article", "2 articles", "1,204 comments": a count with its noun in the number it takes. */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
