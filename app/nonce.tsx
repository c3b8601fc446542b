// The CSP nonce of the current document, handed from the server entry to the components that emit scripts.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
