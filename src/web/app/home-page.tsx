/** Home of the app: welcome, the company card and the screens this user may open (spec 2, 6). */
import { Badge, Box, Card, DataList, Heading, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useShell } from '../lib/shell-context';
import { appLink } from '../lib/navigation';

export default function HomePage() {
  const { t } = useTranslation();
  const { profile, company, companyId, permissions, prefix, menu } = useShell();
  const screens = menu.filter((entry) => entry.screen !== '');
  return (
    <Stack gap="6" maxW="5xl">
      <Box>
        <Heading as="h1" size="2xl">
          {profile ? t('home.welcome', { name: profile.name }) : <Skeleton height="8" width="64" />}
        </Heading>
        {profile && (
          <Text color="fg.muted" mt="1">
            {t(`user_type.${profile.user_type}`)} · {t(`profession.${profile.profession}`, { defaultValue: profile.profession })}
          </Text>
        )}
      </Box>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Card.Root data-testid="company-card">
          <Card.Header>
            <Heading as="h2" size="md">
              {company?.trademark ?? <Skeleton height="5" width="40" />}
            </Heading>
          </Card.Header>
          <Card.Body>
            {company ? (
              <DataList.Root orientation="horizontal" size="sm">
                <DataList.Item>
                  <DataList.ItemLabel>{t('company.company_id')}</DataList.ItemLabel>
                  <DataList.ItemValue>{company.company_id}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('company.company_type')}</DataList.ItemLabel>
                  <DataList.ItemValue>{t(`company_type.${company.company_type}`)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('company.country')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {t(`country.${company.country}`)} ({company.country_isd_code})
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('company.currency')}</DataList.ItemLabel>
                  <DataList.ItemValue>{company.country_currency_code}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('company.ui_version')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Badge>{company.ui_version}</Badge>
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            ) : (
              <Text color="fg.muted">{companyId ? t('common.loading') : t('home.no_company')}</Text>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="md">
              {t('home.your_access')}
            </Heading>
          </Card.Header>
          <Card.Body>
            {screens.length === 0 ? (
              <Text color="fg.muted">{permissions ? t('home.no_screens') : t('common.loading')}</Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
                {screens.map((entry) => (
                  <li key={entry.screen}>
                    <Link asChild color="blue.fg">
                      <RouterLink to={appLink(prefix, entry.screen, companyId)}>{t(entry.labelKey)}</RouterLink>
                    </Link>
                  </li>
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
