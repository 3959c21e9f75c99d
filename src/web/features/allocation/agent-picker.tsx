/**
 * Choosing the agents loans go to (issue 5 "pick the target field executive or telecalling agent:
 * searchable list of active users by profession"): a search box over GET /user/company/users
 * (active users of the profession, 50 at a time by name) and the matches as radio buttons (one
 * agent) or checkboxes (several field executives, for a territory suggestion). The chosen users
 * stay chosen while the search changes.
 */
import { Box, Checkbox, Field, Input, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyUser } from '../../../domain/contracts/users/company-users';
import { AGENT_TYPES, type AgentType } from '../../../domain/bulk/loan-operations';
import { ErrorState, LoadingState } from '../../components/query-state';
import { AGENTS_PAGE_SIZE, useAgents } from './api';
import { useDebounced } from './use-debounced';

const SEARCH_DEBOUNCE_MS = 300;

export interface AgentPickerProps {
  companyId: string | null;
  /** The profession listed, e.g. 'field executive' or 'telecalling'. */
  profession: string;
  /** Visible label of the list. */
  label: string;
  /** One agent (radio buttons) or several (checkboxes). */
  multiple?: boolean;
  value: readonly CompanyUser[];
  onChange: (users: CompanyUser[]) => void;
}

function AgentText({ user }: { user: CompanyUser }) {
  const detail = [user.email, user.client_employee_id, user.team, user.location].filter(Boolean).join(' · ');
  return (
    <Box minW="0">
      <Text as="span" display="block" fontWeight="medium">
        {user.name}
      </Text>
      <Text as="span" display="block" fontSize="xs" color="fg.muted" truncate>
        {detail}
      </Text>
    </Box>
  );
}

export function AgentPicker({ companyId, profession, label, multiple = false, value, onChange }: AgentPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const agents = useAgents(companyId, profession, search);
  const chosen = new Set(value.map((u) => u.user_id));
  // Chosen agents first, then the matches of the search not chosen yet.
  const listed = [...value, ...(agents.data?.users ?? []).filter((u) => !chosen.has(u.user_id))];

  let list: React.ReactNode;
  if (agents.isPending) list = <LoadingState label={t('assignment.agents_loading')} />;
  else if (agents.isError) list = <ErrorState error={agents.error} onRetry={() => void agents.refetch()} />;
  else if (listed.length === 0)
    list = (
      <Text fontSize="sm" color="fg.muted" py="4" textAlign="center">
        {search ? t('assignment.agents_no_match') : t('assignment.agents_none', { profession: t(`profession.${profession}`, { defaultValue: profession }) })}
      </Text>
    );
  else if (multiple)
    list = (
      <Stack gap="1" role="group" aria-labelledby={labelId}>
        {listed.map((user) => (
          <Checkbox.Root
            key={user.user_id}
            size="sm"
            alignItems="start"
            px="2"
            py="1.5"
            rounded="sm"
            _hover={{ bg: 'bg.muted' }}
            checked={chosen.has(user.user_id)}
            onCheckedChange={(e) => onChange(e.checked === true ? [...value, user] : value.filter((u) => u.user_id !== user.user_id))}
            data-testid="agent-option"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label flex="1" minW="0">
              <AgentText user={user} />
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    );
  else
    list = (
      <RadioGroup.Root
        size="sm"
        value={value[0]?.user_id ?? null}
        onValueChange={(e) => {
          const user = listed.find((u) => u.user_id === e.value);
          if (user) onChange([user]);
        }}
        aria-labelledby={labelId}
      >
        <Stack gap="1">
          {listed.map((user) => (
            <RadioGroup.Item key={user.user_id} value={user.user_id} alignItems="start" px="2" py="1.5" rounded="sm" _hover={{ bg: 'bg.muted' }} data-testid="agent-option">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator mt="0.5" />
              <RadioGroup.ItemText flex="1" minW="0">
                <AgentText user={user} />
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    );

  const more = (agents.data?.total ?? 0) > AGENTS_PAGE_SIZE;
  return (
    <Stack gap="2">
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        {label}
      </Text>
      <SearchField label={t('assignment.agent_search')} hideLabel value={text} onChange={setText} placeholder={t('assignment.agent_search')} />
      <Box maxH="64" overflowY="auto" borderWidth="1px" rounded="md" p="1" aria-busy={agents.isFetching} opacity={agents.isPlaceholderData ? 0.6 : 1}>
        {list}
      </Box>
      {more && (
        <Text fontSize="xs" color="fg.muted">
          {t('assignment.agents_more', { shown: AGENTS_PAGE_SIZE, total: agents.data?.total ?? 0 })}
        </Text>
      )}
    </Stack>
  );
}

/** A search box with a magnifier icon; `hideLabel` keeps the label for screen readers only. */
export function SearchField({ label, hideLabel = false, value, onChange, placeholder, ...root }: { label: string; hideLabel?: boolean; value: string; onChange: (text: string) => void; placeholder?: string } & Omit<Field.RootProps, 'onChange'>) {
  return (
    <Field.Root {...root}>
      <Field.Label fontSize="xs" srOnly={hideLabel}>
        {label}
      </Field.Label>
      <Box position="relative" width="full">
        <Input size="sm" type="search" ps="8" value={value} onChange={(e) => onChange(e.currentTarget.value)} placeholder={placeholder} />
        <Box position="absolute" insetStart="2.5" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none">
          <Search size={14} aria-hidden />
        </Box>
      </Box>
    </Field.Root>
  );
}

/**
 * The kind of agent loans go to or come from (fos: field executive, telecaller: telecalling agent);
 * with `autoLabel`, a first option '' leaves it to each agent's profession.
 */
export function AgentTypeSelect<T extends AgentType | ''>({ value, onChange, label, autoLabel }: { value: T; onChange: (type: T) => void; label?: string; autoLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Field.Root>
      <Field.Label>{label ?? t('assignment.agent_type')}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as T)}>
          {autoLabel && <option value="">{autoLabel}</option>}
          {AGENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`loan_operations.agent_type.${type}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
