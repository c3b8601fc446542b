import { highlightParts } from "~/feed/search";

/** Text with the words matching the active search wrapped in <mark>. */
export function Highlight({ text, search }: { text: string; search?: string }) {
  return <>{highlightParts(text, search).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}
