/**
 * `/app/user-management` (spec 2 "global user management", spec 3 search keys, spec 7
 * `/company/users`, `/users/filter`): search by key and value, filter by profession, team and
 * location, pages of 10, a table on desks and cards on phones, create/edit wizard,
 * deactivate/activate with confirmation. A 403 raises the permission-not-found modal.
 */
import { Badge, Box, Button, Card, Dialog, Field, Flex, Heading, HStack, Input, NativeSelect, Portal, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Pencil, Plus, Search, UserCheck, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyUser } from '../../../domain/contracts/users/company-users';
import { createCompanyUser } from '../../../domain/contracts/users/company-users';
import { USER_SEARCH_KEYS, type UserSearchKey } from '../../../domain/users/permissions';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { useIsPhone } from '../../lib/use-is-phone';
import { USERS_PAGE_SIZE, useSetUserActive, useUserFilters, useUsers, type UsersQuery } from './api';
import { UserWizard } from './user-wizard';

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: string[] | undefined; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{t('users.all')}</option>
          {(options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Badge colorPalette={active ? 'green' : 'gray'}>{active ? t('users.active') : t('users.inactive')}</Badge>;
}

export default function UserManagementPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const isPhone = useIsPhone();
  const canWrite = can(createCompanyUser, permissions);
  const [searchType, setSearchType] = useState<UserSearchKey>('name');
  const [searchValue, setSearchValue] = useState('');
  const [query, setQuery] = useState<UsersQuery>({ page_number: 1 });
  const [wizard, setWizard] = useState<{ open: boolean; user: CompanyUser | null; key: number }>({ open: false, user: null, key: 0 });
  const [confirming, setConfirming] = useState<CompanyUser | null>(null);
  const users = useUsers(companyId, query);
  const filters = useUserFilters(companyId);
  const setActive = useSetUserActive(companyId);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const value = searchValue.trim();
    setQuery((q) => ({ ...q, page_number: 1, search_type: value ? searchType : undefined, search_value: value || undefined }));
  };
  const filter = (key: 'professions' | 'teams' | 'locations', value: string) => setQuery((q) => ({ ...q, page_number: 1, [key]: value || undefined }));
  const openWizard = (user: CompanyUser | null) => setWizard((w) => ({ open: true, user, key: w.key + 1 }));

  const confirmToggle = () => {
    if (!confirming) return;
    const target = confirming;
    setActive.mutate(
      { id: target.user_id, active: !target.active },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: target.active ? t('users.deactivated', { name: target.name }) : t('users.activated', { name: target.name }) });
          setConfirming(null);
        },
        onError: (error) => toaster.create({ type: 'error', title: errorMessage(error) }),
      },
    );
  };

  const rowActions = (user: CompanyUser) =>
    canWrite && (
      <HStack gap="1" justify="flex-end">
        <Button size="xs" variant="ghost" onClick={() => openWizard(user)} aria-label={t('users.edit_named', { name: user.name })}>
          <Pencil aria-hidden /> {t('common.edit')}
        </Button>
        <Button
          size="xs"
          variant="ghost"
          colorPalette={user.active ? 'red' : 'green'}
          onClick={() => setConfirming(user)}
          aria-label={user.active ? t('users.deactivate_named', { name: user.name }) : t('users.activate_named', { name: user.name })}
        >
          {user.active ? <UserX aria-hidden /> : <UserCheck aria-hidden />}
          {user.active ? t('users.deactivate') : t('users.activate')}
        </Button>
      </HStack>
    );

  const list = users.data?.users ?? [];
  let body: React.ReactNode;
  if (users.isPending) body = <LoadingState />;
  else if (users.isError) body = <ErrorState error={users.error} onRetry={() => void users.refetch()} />;
  else if (list.length === 0) body = <EmptyState>{t('users.empty')}</EmptyState>;
  else if (isPhone)
    body = (
      <Stack gap="3" as="ul" listStyleType="none" m="0" p="0" aria-label={t('users.list_label')}>
        {list.map((user) => (
          <Card.Root as="li" key={user.user_id} size="sm" data-testid="user-card">
            <Card.Body gap="1">
              <Flex justify="space-between" gap="2" align="start">
                <Box minW="0">
                  <Text fontWeight="semibold" truncate>
                    {user.name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {user.email}
                  </Text>
                </Box>
                <StatusBadge active={user.active} />
              </Flex>
              <Text fontSize="sm">
                {t(`profession.${user.profession}`, { defaultValue: user.profession })}
                {user.team ? ` · ${user.team}` : ''}
                {user.location ? ` · ${user.location}` : ''}
              </Text>
              {rowActions(user)}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  else
    body = (
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" interactive aria-label={t('users.list_label')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('users.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.profession')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.team')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.location')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.profile')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Box srOnly>{t('common.actions')}</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((user) => (
              <Table.Row key={user.user_id} data-testid="user-row">
                <Table.Cell fontWeight="medium">{user.name}</Table.Cell>
                <Table.Cell>{user.email}</Table.Cell>
                <Table.Cell>{t(`profession.${user.profession}`, { defaultValue: user.profession })}</Table.Cell>
                <Table.Cell>{user.team ?? '—'}</Table.Cell>
                <Table.Cell>{user.location ?? '—'}</Table.Cell>
                <Table.Cell>{user.profile_name ?? '—'}</Table.Cell>
                <Table.Cell>
                  <StatusBadge active={user.active} />
                </Table.Cell>
                <Table.Cell textAlign="end">{rowActions(user)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('menu.users')}
        </Heading>
        {canWrite && (
          <Button onClick={() => openWizard(null)}>
            <Plus aria-hidden /> {t('users.create')}
          </Button>
        )}
      </Flex>
      <Box as="section" aria-label={t('users.search_and_filters')} bg="bg" borderWidth="1px" rounded="md" p="4">
        <Stack gap="4">
          <form onSubmit={search} role="search">
            <Flex gap="2" wrap={{ base: 'wrap', md: 'nowrap' }} align="end">
              <Field.Root width={{ base: 'full', md: '48' }} flexShrink={0}>
                <Field.Label>{t('users.search_by')}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={searchType} onChange={(e) => setSearchType(e.currentTarget.value as UserSearchKey)}>
                    {USER_SEARCH_KEYS.map((key) => (
                      <option key={key} value={key}>
                        {t(`users.search_key.${key}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root flex="1">
                <Field.Label>{t('users.search_value')}</Field.Label>
                <Input size="sm" type="search" value={searchValue} onChange={(e) => setSearchValue(e.currentTarget.value)} />
              </Field.Root>
              <Button type="submit" size="sm" width={{ base: 'full', md: 'auto' }}>
                <Search aria-hidden /> {t('common.search')}
              </Button>
            </Flex>
          </form>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <FilterSelect label={t('users.profession')} value={query.professions ?? ''} options={filters.data?.filters.professions} onChange={(v) => filter('professions', v)} />
            <FilterSelect label={t('users.team')} value={query.teams ?? ''} options={filters.data?.filters.teams} onChange={(v) => filter('teams', v)} />
            <FilterSelect label={t('users.location')} value={query.locations ?? ''} options={filters.data?.filters.locations} onChange={(v) => filter('locations', v)} />
          </SimpleGrid>
        </Stack>
      </Box>
      <Box aria-busy={users.isFetching} opacity={users.isPlaceholderData ? 0.6 : 1}>
        {body}
      </Box>
      {users.data && users.data.total > 0 && (
        <Pager page={query.page_number} pageSize={USERS_PAGE_SIZE} total={users.data.total} onPage={(page) => setQuery((q) => ({ ...q, page_number: page }))} />
      )}
      {wizard.open && <UserWizard key={wizard.key} companyId={companyId} user={wizard.user} open={wizard.open} onClose={() => setWizard((w) => ({ ...w, open: false }))} />}
      <Dialog.Root open={confirming !== null} role="alertdialog" onOpenChange={(e) => !e.open && setConfirming(null)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{confirming?.active ? t('users.confirm_deactivate_title') : t('users.confirm_activate_title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>
                  {confirming?.active
                    ? t('users.confirm_deactivate_body', { name: confirming?.name ?? '' })
                    : t('users.confirm_activate_body', { name: confirming?.name ?? '' })}
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirming(null)}>
                  {t('common.cancel')}
                </Button>
                <Button colorPalette={confirming?.active ? 'red' : 'green'} loading={setActive.isPending} onClick={confirmToggle}>
                  {confirming?.active ? t('users.deactivate') : t('users.activate')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
