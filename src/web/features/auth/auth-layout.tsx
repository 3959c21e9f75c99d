/** The frame of the sign-in pages: product name, a card, the language picker. */
import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/language-picker';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" bg="bg.subtle" px="4" py="10">
      <Box width="full" maxW="md">
        <Flex justify="space-between" align="center" mb="6" gap="3">
          <Box>
            <Text fontSize="xl" fontWeight="bold" color="blue.fg">
              {t('app.name')}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('app.tagline')}
            </Text>
          </Box>
          <LanguagePicker />
        </Flex>
        <Card.Root>
          <Card.Body gap="5">
            <Heading as="h1" size="lg">
              {title}
            </Heading>
            {children}
          </Card.Body>
        </Card.Root>
      </Box>
    </Flex>
  );
}
