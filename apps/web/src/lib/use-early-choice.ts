import { useEffect, useRef, type RefObject } from 'react';

/**
 * A server-rendered page answers taps before its scripts run: a native select or checkbox already shows what the
 * visitor picked, and hydration keeps that on screen, but the component's state still holds the server's value
 * (docs/decisions/068-native-listing-controls.md). Once, after the first render, `apply` gets the element so it
 * can pass a difference on; later choices reach the component through its change handler as usual. Such controls
 * carry autocomplete="off": a browser restoring form state on a return to the page would otherwise be taken for a
 * choice (and, on the listing, navigate).
 */
export function useEarlyChoice<E extends HTMLElement>(apply: (element: E) => void): RefObject<E | null> {
  const ref = useRef<E>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (ref.current) applyRef.current(ref.current);
  }, []);
  return ref;
}
