/** A labelled count of a bulk job's card (rows of an import, loans of a loan operation), grouped for the reader's locale. */
import { Box, Text } from '@chakra-ui/react';

export function CountFigure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" data-testid={testId}>
        {value.toLocaleString()}
      </Text>
    </Box>
  );
}
