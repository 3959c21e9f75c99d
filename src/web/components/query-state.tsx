/** Loading, error (with retry) and empty states shared by the list screens. */
import { Alert, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" gap="3" py="10" role="status" aria-live="polite">
      <Spinner />
      <Text color="fg.muted">{label ?? t('common.loading')}</Text>
    </Flex>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('common.load_failed')}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Flex justify="center" py="10" borderWidth="1px" borderStyle="dashed" rounded="md" bg="bg">
      <Text color="fg.muted">{children}</Text>
    </Flex>
  );
}
