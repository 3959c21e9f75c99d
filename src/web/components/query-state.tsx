/**
 * Loading, error (with retry) and empty states shared by the list screens. Loading and empty are
 * the plain ones (components/plain.tsx), so the field route can use them without Chakra.
 */
import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';

export { EmptyState, LoadingState } from './plain';

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
