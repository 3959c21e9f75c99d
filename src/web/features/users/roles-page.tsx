/**
 * `/app/roles` (spec 6 role wizard: role name, description, reports-to role): the reporting
 * hierarchy as an indented tree and a two-step wizard to create or edit a role. The server
 * refuses reporting cycles with 'A role cannot report to itself or to a role below it'.
 */
import { Badge, Box, Button, Field, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../domain/contracts/users/roles';
import { createRole } from '../../../domain/contracts/users/roles';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { toaster } from '../../lib/toaster';
import { useRoles, useSaveRole } from './api';
import { roleTree } from './role-tree';
import { DetailsWizard } from './details-wizard';

function RoleWizard({ companyId, role, roles, onClose }: { companyId: string | null; role: Role | null; roles: Role[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [reportsTo, setReportsTo] = useState(role?.reports_to_role_id ?? '');
  const save = useSaveRole(companyId);
  return (
    <DetailsWizard
      title={role ? t('roles.edit_title') : t('roles.create_title')}
      nameLabel={t('roles.role_name')}
      descriptionLabel={t('roles.description')}
      initialName={role?.role_name ?? ''}
      initialDescription={role?.description ?? null}
      saving={save.isPending}
      error={save.isError ? save.error : null}
      onClose={onClose}
      onSave={({ name, description }) =>
        save.mutate(
          { id: role?.role_id ?? null, body: { role_name: name, description, reports_to_role_id: reportsTo || null } },
          {
            onSuccess: () => {
              toaster.create({ type: 'success', title: t('roles.saved') });
              onClose();
            },
          },
        )
      }
      secondStep={
        <Field.Root>
          <Field.Label>{t('roles.reports_to')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={reportsTo} onChange={(e) => setReportsTo(e.currentTarget.value)}>
              <option value="">{t('roles.top_level')}</option>
              {roles
                .filter((r) => r.role_id !== role?.role_id)
                .map((r) => (
                  <option key={r.role_id} value={r.role_id}>
                    {r.role_name}
                  </option>
                ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      }
    />
  );
}

export default function RolesPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const roles = useRoles(companyId);
  const canWrite = can(createRole, permissions);
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const list = roles.data?.roles ?? [];
  return (
    <Stack gap="5" maxW="4xl">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('menu.roles')}
        </Heading>
        {canWrite && (
          <Button onClick={() => setEditing({ role: null })}>
            <Plus aria-hidden /> {t('roles.create')}
          </Button>
        )}
      </Flex>
      {roles.isPending ? (
        <LoadingState />
      ) : roles.isError ? (
        <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState>{t('roles.empty')}</EmptyState>
      ) : (
        <Box as="ul" role="tree" aria-label={t('roles.hierarchy')} bg="bg" borderWidth="1px" rounded="md" listStyleType="none" m="0" p="2">
          {roleTree(list).map(({ role, depth }) => (
            <Flex as="li" role="treeitem" aria-level={depth + 1} key={role.role_id} align="center" gap="3" py="2" ps={`${depth * 24 + 8}px`} pe="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
              <Box flex="1" minW="0">
                <Text fontWeight="medium">{role.role_name}</Text>
                {role.description && (
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {role.description}
                  </Text>
                )}
              </Box>
              <Badge>{t('roles.user_count', { count: role.user_count })}</Badge>
              {canWrite && (
                <Button size="xs" variant="ghost" onClick={() => setEditing({ role })} aria-label={t('roles.edit_named', { name: role.role_name })}>
                  <Pencil aria-hidden /> {t('common.edit')}
                </Button>
              )}
            </Flex>
          ))}
        </Box>
      )}
      {editing && <RoleWizard companyId={companyId} role={editing.role} roles={list} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
