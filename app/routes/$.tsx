// Any path no other route claims: a real 404 page.
export function loader() {
  throw new Response("Not found", { status: 404 });
}

/** Whatever the method: without it, a POST to an unknown path would be Remix's 405 instead of the 404. */
export const action = loader;

export default function NotFound() {
  return null;
}
