// The one xml2js call the tests make (it ships no types): parse XML into plain objects.
declare module "xml2js" {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export function parseStringPromise(xml: string): Promise<any>;
}
