/**
 * Chakra UI's provider with the app's system (chakra-system.ts): a lazy chunk, so Chakra and emotion load
 * with the first screen or popup that uses them, not with the shell (issue 4 field route weight).
 * Mounted by WithChakra (with-chakra.tsx); several may be mounted at once (a screen and a popup),
 * sharing one emotion cache and one set of global styles.
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './chakra-system';

export default function ChakraScope({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
