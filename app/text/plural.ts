/** "1 article", "2 articles", "1,204 comments": a count with its noun in the number it takes. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
