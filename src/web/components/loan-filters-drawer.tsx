/**
 * The loans filters drawer, built from `GET /recovery/filters/config` (spec 3 "Saved filter and
 * filter config": groups of filters, each multi_select, range, date_range or text; the applicant
 * group carries 'Number of Co-Applicant Present'), and the applied filters as removable chips.
 * Kernel, not portfolio: the loans list, the calling desk's call lists and legal's notice generation
 * all choose loans with it (areas may not import each other in a cycle); its texts are the
 * portfolio desk texts `loans.*`, loaded with every desk page.
 */
import { Box, Button, Checkbox, CloseButton, Drawer, Field, Fieldset, Flex, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filtersConfig, type FilterConfigItem, type FilterGroup, type LoanFilter } from '../../domain/contracts/portfolio/filters';
import { useEndpoint } from '../lib/endpoint';

/** The company's filter configuration (`GET /recovery/filters/config`), cached 5 minutes. */
export function useFilterConfig(companyId: string | null) {
  return useEndpoint(filtersConfig, { query: { company_id: companyId ?? undefined } }, { enabled: Boolean(companyId), staleTime: 5 * 60_000 });
}

/** True when a filter selects nothing (no values, no bounds, no text) and so is not sent. */
export function isEmptyFilter(filter: LoanFilter): boolean {
  return !(filter.values?.length || (filter.min !== undefined && filter.min !== '') || (filter.max !== undefined && filter.max !== '') || filter.text?.trim());
}

/** A chip's text, e.g. 'DPD: 30 – 90', 'Bucket: B1, B2', 'Name: "sha"'. */
export function describeFilter(filter: LoanFilter, name: string): string {
  if (filter.values?.length) return `${name}: ${filter.values.join(', ')}`;
  if (filter.text) return `${name}: "${filter.text}"`;
  const min = filter.min ?? '';
  const max = filter.max ?? '';
  if (min !== '' && max !== '') return `${name}: ${min} – ${max}`;
  return min !== '' ? `${name} ≥ ${min}` : `${name} ≤ ${max}`;
}

/** filter_key → filter_name over every group. */
export function filterNames(groups: readonly FilterGroup[] | undefined): Map<string, string> {
  return new Map((groups ?? []).flatMap((g) => g.group_filters.map((f) => [f.filter_key, f.filter_name] as const)));
}

type Draft = Record<string, LoanFilter>;

function toNumberOrText(raw: string, dataType: string): number | string | undefined {
  if (raw === '') return undefined;
  if (dataType === 'date') return raw;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

function FilterInput({ item, value, onChange }: { item: FilterConfigItem; value: LoanFilter; onChange: (next: LoanFilter) => void }) {
  const { t } = useTranslation();
  const id = `filter-${item.filter_key}`;
  if (item.input_type === 'multi_select' && item.options && item.options.length > 0) {
    const chosen = new Set(value.values ?? []);
    return (
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {item.filter_name}
        </Fieldset.Legend>
        <Stack gap="1.5" maxH="48" overflowY="auto" ps="1" pt="1">
          {item.options.map((option) => (
            <Checkbox.Root
              key={option}
              size="sm"
              checked={chosen.has(option)}
              onCheckedChange={(e) => {
                const next = new Set(chosen);
                if (e.checked === true) next.add(option);
                else next.delete(option);
                onChange({ ...value, values: [...next] });
              }}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{option}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Fieldset.Root>
    );
  }
  if (item.input_type === 'range' || item.input_type === 'date_range') {
    const type = item.input_type === 'date_range' ? 'date' : 'number';
    return (
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {item.filter_name}
        </Fieldset.Legend>
        <HStack gap="2">
          <Field.Root>
            <Field.Label fontSize="xs">{t('loans.min')}</Field.Label>
            <Input size="sm" type={type} value={value.min ?? ''} onChange={(e) => onChange({ ...value, min: toNumberOrText(e.currentTarget.value, item.data_type) })} />
          </Field.Root>
          <Field.Root>
            <Field.Label fontSize="xs">{t('loans.max')}</Field.Label>
            <Input size="sm" type={type} value={value.max ?? ''} onChange={(e) => onChange({ ...value, max: toNumberOrText(e.currentTarget.value, item.data_type) })} />
          </Field.Root>
        </HStack>
      </Fieldset.Root>
    );
  }
  if (item.input_type === 'multi_select') {
    // Options not preloaded: values typed, comma-separated.
    return (
      <Field.Root>
        <Field.Label htmlFor={id}>{item.filter_name}</Field.Label>
        <Input
          id={id}
          size="sm"
          value={(value.values ?? []).join(', ')}
          onChange={(e) => onChange({ ...value, values: e.currentTarget.value.split(',').map((v) => v.trim()).filter(Boolean) })}
        />
        <Field.HelperText>{t('loans.comma_separated')}</Field.HelperText>
      </Field.Root>
    );
  }
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{item.filter_name}</Field.Label>
      <Input id={id} size="sm" value={value.text ?? ''} onChange={(e) => onChange({ ...value, text: e.currentTarget.value })} />
    </Field.Root>
  );
}

export function FiltersDrawer({
  open,
  groups,
  applied,
  onClose,
  onApply,
}: {
  open: boolean;
  groups: FilterGroup[];
  applied: LoanFilter[];
  onClose: () => void;
  onApply: (filters: LoanFilter[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => Object.fromEntries(applied.map((f) => [f.filter_key, f])));
  const apply = () => {
    onApply(Object.values(draft).filter((f) => !isEmptyFilter(f)));
    onClose();
  };
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('loans.filters')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                {groups.map((group) => {
                  const filters = group.group_filters.filter((f) => f.filter_active).sort((a, b) => a.filter_order - b.filter_order);
                  if (filters.length === 0) return null;
                  return (
                    <Box as="section" key={group.group_key} aria-label={group.group_label}>
                      <Text fontWeight="semibold" mb="2">
                        {group.group_label}
                      </Text>
                      <Stack gap="3">
                        {filters.map((item) => (
                          <FilterInput
                            key={item.filter_key}
                            item={item}
                            value={draft[item.filter_key] ?? { filter_key: item.filter_key }}
                            onChange={(next) => setDraft((d) => ({ ...d, [item.filter_key]: next }))}
                          />
                        ))}
                      </Stack>
                    </Box>
                  );
                })}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button variant="ghost" onClick={() => setDraft({})}>
                {t('loans.clear_all')}
              </Button>
              <Button onClick={apply}>{t('loans.apply_filters')}</Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** The applied filters as chips, each with a remove button. */
export function FilterChips({ filters, names, onRemove, onClear }: { filters: LoanFilter[]; names: Map<string, string>; onRemove: (key: string) => void; onClear: () => void }) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  return (
    <Flex as="ul" gap="2" wrap="wrap" listStyleType="none" m="0" p="0" aria-label={t('loans.applied_filters')}>
      {filters.map((filter) => {
        const text = describeFilter(filter, names.get(filter.filter_key) ?? filter.filter_key);
        return (
          <li key={filter.filter_key}>
            <HStack gap="1" bg="blue.subtle" color="blue.fg" rounded="full" ps="3" pe="1" py="0.5" fontSize="sm" data-testid="filter-chip">
              <Text as="span">{text}</Text>
              <Button size="2xs" variant="ghost" rounded="full" minW="6" px="0" onClick={() => onRemove(filter.filter_key)} aria-label={t('loans.remove_filter', { name: text })}>
                <X aria-hidden />
              </Button>
            </HStack>
          </li>
        );
      })}
      <li>
        <Button size="xs" variant="plain" onClick={onClear}>
          {t('loans.clear_all')}
        </Button>
      </li>
    </Flex>
  );
}
