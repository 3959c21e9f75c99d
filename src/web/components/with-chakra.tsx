/**
 * Wraps a subtree that renders Chakra UI components in Chakra's provider, loading Chakra's chunk
 * (chakra-scope.tsx) on first use (issue 4: the shell and the field day list are plain, see
 * shell.css).
 *
 * Without `fallback`, loading suspends to the nearest Suspense boundary above (the shell's screen
 * spinner for a screen, the boot shell for sign-in), like the screen's own chunk. With `fallback`
 * (popups: pass `null` for nothing) the wrapper has its own boundary, so opening a popup never
 * blanks the screen behind it.
 */
import { lazy, Suspense, type ReactNode } from 'react';

const ChakraScope = lazy(() => import('./chakra-scope'));

/** Starts loading Chakra's chunk before it is needed (a pointer nearing a menu, say). */
export function preloadChakra(): void {
  void import('./chakra-scope');
}

export function WithChakra({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const scope = <ChakraScope>{children}</ChakraScope>;
  return fallback === undefined ? scope : <Suspense fallback={fallback}>{scope}</Suspense>;
}
