/**
 * `/app/profiles` (spec 6 profile wizard): the company's permission profiles and a wizard
 * (name and description → permissions matrix of modules × actions with read and write boxes,
 * from PERMISSION_CATALOGUE).
 */
import { Badge, Box, Button, Card, Checkbox, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfileBody } from '../../../domain/contracts/users/profiles';
import { createProfile } from '../../../domain/contracts/users/profiles';
import { PERMISSION_CATALOGUE, PERMISSION_MODULES, type PermissionsMap } from '../../../domain/users/permissions';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { toaster } from '../../lib/toaster';
import { useProfiles, useSaveProfile } from './api';
import { countGranted, normalisePermissions, setFlag } from './permission-matrix';
import { DetailsWizard } from './details-wizard';

function Flag({ checked, label, onChange }: { checked: boolean; label: string; onChange: (v: boolean) => void }) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function ProfileWizard({ companyId, profile, onClose }: { companyId: string | null; profile: Profile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [permissions, setPermissions] = useState<PermissionsMap>(() => normalisePermissions(profile?.permissions ?? {}));
  const save = useSaveProfile(companyId);
  return (
    <DetailsWizard
      title={profile ? t('profiles.edit_title') : t('profiles.create_title')}
      nameLabel={t('profiles.name')}
      descriptionLabel={t('profiles.description')}
      initialName={profile?.profile_name ?? ''}
      initialDescription={profile?.description ?? null}
      stepLabels={[t('profiles.step_details'), t('profiles.step_permissions')]}
      secondStepSize="xl"
      saving={save.isPending}
      error={save.isError ? save.error : null}
      onClose={onClose}
      onSave={({ name, description }) =>
        save.mutate(
          // Normalised (normalisePermissions): every module and action of the catalogue is present.
          { id: profile?.profile_id ?? null, body: { profile_name: name, description, permissions: permissions as ProfileBody['permissions'] } },
          {
            onSuccess: () => {
              toaster.create({ type: 'success', title: t('profiles.saved') });
              onClose();
            },
          },
        )
      }
      secondStep={
        <Table.Root size="sm" stickyHeader aria-label={t('profiles.matrix')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('profiles.module')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('profiles.action')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('profiles.read')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">{t('profiles.write')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {PERMISSION_MODULES.flatMap((module) =>
              PERMISSION_CATALOGUE[module].map((action, index) => {
                const entry = permissions[module]?.[action];
                return (
                  <Table.Row key={`${module}:${action}`}>
                    <Table.Cell fontWeight={index === 0 ? 'semibold' : 'normal'} color={index === 0 ? 'fg' : 'transparent'}>
                      {module}
                    </Table.Cell>
                    <Table.Cell>{action}</Table.Cell>
                    <Table.Cell textAlign="center">
                      <Flag
                        checked={Boolean(entry?.read)}
                        label={t('profiles.flag_label', { module, action, access: t('profiles.read') })}
                        onChange={(v) => setPermissions((p) => setFlag(p, module, action, 'read', v))}
                      />
                    </Table.Cell>
                    <Table.Cell textAlign="center">
                      <Flag
                        checked={Boolean(entry?.write)}
                        label={t('profiles.flag_label', { module, action, access: t('profiles.write') })}
                        onChange={(v) => setPermissions((p) => setFlag(p, module, action, 'write', v))}
                      />
                    </Table.Cell>
                  </Table.Row>
                );
              }),
            )}
          </Table.Body>
        </Table.Root>
      }
    />
  );
}

export default function ProfilesPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const profiles = useProfiles(companyId);
  const canWrite = can(createProfile, permissions);
  const [editing, setEditing] = useState<{ profile: Profile | null } | null>(null);
  const list = profiles.data?.profiles ?? [];
  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('menu.profiles')}
        </Heading>
        {canWrite && (
          <Button onClick={() => setEditing({ profile: null })}>
            <Plus aria-hidden /> {t('profiles.create')}
          </Button>
        )}
      </Flex>
      {profiles.isPending ? (
        <LoadingState />
      ) : profiles.isError ? (
        <ErrorState error={profiles.error} onRetry={() => void profiles.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState>{t('profiles.empty')}</EmptyState>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" as="ul" listStyleType="none" m="0" p="0">
          {list.map((profile) => (
            <Card.Root as="li" key={profile.profile_id} size="sm">
              <Card.Body gap="2">
                <Flex justify="space-between" align="start" gap="2">
                  <Box minW="0">
                    <Text fontWeight="semibold">{profile.profile_name}</Text>
                    {profile.description && (
                      <Text fontSize="sm" color="fg.muted">
                        {profile.description}
                      </Text>
                    )}
                  </Box>
                  <Badge>{t('profiles.user_count', { count: profile.user_count })}</Badge>
                </Flex>
                <Text fontSize="sm">{t('profiles.granted_count', { count: countGranted(profile.permissions) })}</Text>
                {canWrite && (
                  <Box>
                    <Button size="xs" variant="outline" onClick={() => setEditing({ profile })} aria-label={t('profiles.edit_named', { name: profile.profile_name })}>
                      <Pencil aria-hidden /> {t('common.edit')}
                    </Button>
                  </Box>
                )}
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      {editing && <ProfileWizard companyId={companyId} profile={editing.profile} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
