/** A route that does not exist. */
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" p="8" align="start">
      <Heading as="h1">{t('not_found.title')}</Heading>
      <Text>{t('not_found.body')}</Text>
      <Button asChild>
        <RouterLink to="/app">{t('not_found.home')}</RouterLink>
      </Button>
    </Stack>
  );
}
