/**
 * The territory suggestion as a table (issue 5 "as a table: loans per executive, spread; the
 * manager can adjust: move loans between executives, or drop an executive"): one row per
 * executive in their map colour with loans, located / unlocated, mean spread and radius ("edited"
 * once loans moved; the figures follow the moves), and a row of loans left unassigned by a drop. Opening a
 * row lists its loans (virtualised: a group may hold thousands) with checkboxes and a "move to".
 */
import { Badge, Box, Button, Checkbox, Field, Flex, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight, UserMinus } from 'lucide-react';
import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupColour, type Proposal } from './proposal';
import { tickState, toggleLoans } from './selection';

/** The unassigned pile's key where an executive's user_id would be. */
const UNASSIGNED = '';
const LOAN_ROW_HEIGHT = 30;

function GroupLoans({ loanIds, here, proposal, onMove }: { loanIds: readonly string[]; here: string; proposal: Proposal; onMove: (ids: string[], to: string | null) => void }) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const targets = proposal.groups.filter((g) => g.userId !== here);
  const [to, setTo] = useState<string>(targets[0]?.userId ?? UNASSIGNED);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: loanIds.length, getScrollElement: () => scrollRef.current, estimateSize: () => LOAN_ROW_HEIGHT, overscan: 8 });
  const all = tickState(ticked, loanIds);
  const chosen = loanIds.filter((id) => ticked.has(id));
  const move = () => {
    onMove(chosen, to === UNASSIGNED ? null : to);
    setTicked(new Set());
  };
  return (
    <Stack gap="2" p="2" bg="bg.subtle" rounded="md">
      <Flex gap="3" align="end" wrap="wrap">
        <Checkbox.Root size="sm" checked={all === 'all' ? true : all === 'some' ? 'indeterminate' : false} onCheckedChange={() => setTicked(all === 'all' ? new Set() : new Set(loanIds))}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('assignment.select_all_group', { count: loanIds.length })}</Checkbox.Label>
        </Checkbox.Root>
        <Field.Root width="auto" minW="48">
          <Field.Label fontSize="xs">{t('assignment.move_to')}</Field.Label>
          <NativeSelect.Root size="xs">
            <NativeSelect.Field value={to} onChange={(e) => setTo(e.currentTarget.value)}>
              {targets.map((g) => (
                <option key={g.userId} value={g.userId}>
                  {g.name}
                </option>
              ))}
              {here !== UNASSIGNED && <option value={UNASSIGNED}>{t('assignment.unassigned')}</option>}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button size="xs" onClick={move} disabled={chosen.length === 0 || (to === UNASSIGNED && here === UNASSIGNED)}>
          {t('assignment.move_button', { count: chosen.length })}
        </Button>
      </Flex>
      <Box ref={scrollRef} maxH="48" overflowY="auto" bg="bg" borderWidth="1px" rounded="sm" tabIndex={0} aria-label={t('assignment.group_loans')}>
        <Box position="relative" height={`${virtualizer.getTotalSize()}px`} role="group" aria-label={t('assignment.group_loans')}>
          {virtualizer.getVirtualItems().map((item) => {
            const id = loanIds[item.index];
            return (
              <Box key={item.key} position="absolute" top="0" left="0" right="0" height={`${LOAN_ROW_HEIGHT}px`} transform={`translateY(${item.start}px)`} px="2" display="flex" alignItems="center">
                <Checkbox.Root size="sm" checked={ticked.has(id)} onCheckedChange={(e) => setTicked((s) => toggleLoans(s, [id], e.checked === true))}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label fontFamily="mono" fontSize="xs">
                    {id}
                  </Checkbox.Label>
                </Checkbox.Root>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Stack>
  );
}

export interface ProposalTableProps {
  proposal: Proposal;
  onMove: (loanIds: string[], to: string | null) => void;
  onDrop: (userId: string) => void;
}

export function ProposalTable({ proposal, onMove, onDrop }: ProposalTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const rows = [
    ...proposal.groups.map((g) => ({ key: g.userId, group: g, loanIds: g.loanIds })),
    ...(proposal.unassigned.length > 0 ? [{ key: UNASSIGNED, group: null, loanIds: proposal.unassigned }] : []),
  ];
  const toggle = (key: string) => setOpen((o) => (o === key ? null : key));
  const edited = proposal.groups.some((g) => g.edited);
  return (
    <Stack gap="1">
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" aria-label={t('assignment.proposal_label')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('assignment.executive')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('assignment.loans')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('assignment.located')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('assignment.spread')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('assignment.radius')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('assignment.from_base')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('assignment.start')}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>{t('common.actions')}</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(({ key, group, loanIds }) => {
              const name = group?.name ?? t('assignment.unassigned');
              const expanded = open === key;
              return (
                <Fragment key={key || 'unassigned'}>
                  <Table.Row data-testid="proposal-row" data-user-id={key}>
                    <Table.Cell>
                      <HStack gap="2">
                        <Box as="span" boxSize="3" rounded="full" flexShrink={0} bg={group ? groupColour(group.colour) : 'gray.400'} aria-hidden />
                        <Text as="span" fontWeight="medium">
                          {name}
                        </Text>
                        {group?.edited && (
                          <Badge size="sm" colorPalette="orange">
                            {t('assignment.edited')}
                          </Badge>
                        )}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell textAlign="end" data-testid="proposal-count">
                      {loanIds.length.toLocaleString()}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{group ? `${group.located.toLocaleString()} / ${group.unlocated.toLocaleString()}` : '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{group ? t('assignment.km', { km: group.spreadKm.toFixed(1) }) : '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{group ? t('assignment.km', { km: group.radiusKm.toFixed(1) }) : '—'}</Table.Cell>
                    <Table.Cell textAlign="end" data-testid="proposal-base-km">
                      {group?.baseKm != null ? t('assignment.km', { km: group.baseKm.toFixed(1) }) : '—'}
                    </Table.Cell>
                    <Table.Cell fontSize="xs" color="fg.muted">
                      {group ? (group.seed ? t(`assignment.seed.${group.seed.source}`) : t('assignment.seed.none')) : '—'}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1" justify="flex-end">
                        <Button size="xs" variant="ghost" onClick={() => toggle(key)} aria-expanded={expanded} aria-label={t('assignment.show_loans_named', { name })}>
                          {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />} {t('assignment.show_loans')}
                        </Button>
                        {group && (
                          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDrop(group.userId)} aria-label={t('assignment.drop_named', { name })}>
                            <UserMinus aria-hidden /> {t('assignment.drop')}
                          </Button>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                  {expanded && (
                    <Table.Row>
                      <Table.Cell colSpan={8}>
                        <GroupLoans loanIds={loanIds} here={key} proposal={proposal} onMove={onMove} />
                      </Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {edited && (
        <Text fontSize="xs" color="fg.muted">
          {t('assignment.edited_note')}
        </Text>
      )}
    </Stack>
  );
}
