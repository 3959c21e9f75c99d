/** True at widths of at most 768 px, the spec's mobile breakpoint (spec 9). */
import { useMediaQuery } from '@chakra-ui/react';

export const PHONE_QUERY = '(max-width: 768px)';

export function useIsPhone(): boolean {
  const [isPhone] = useMediaQuery([PHONE_QUERY], { ssr: false });
  return isPhone;
}
