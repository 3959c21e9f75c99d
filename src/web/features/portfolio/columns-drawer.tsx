/**
 * The loans table column chooser: every active variable (by display name) with a show/hide
 * checkbox and a pin toggle; a 4th pin is refused with PIN_LIMIT_MESSAGE (spec 9).
 */
import { Box, Button, Checkbox, CloseButton, Drawer, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { Pin, PinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Variable } from '../../../domain/contracts/portfolio/variables';
import { toaster } from '../../lib/toaster';
import { MAX_PINNED_COLUMNS, REMARKS_COLUMN, togglePin, toggleVisible, type ColumnPrefs } from './columns';

export function ColumnsDrawer({
  open,
  variables,
  prefs,
  onChange,
  onClose,
}: {
  open: boolean;
  variables: Variable[];
  prefs: ColumnPrefs;
  onChange: (prefs: ColumnPrefs) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const choices = [
    ...variables.filter((v) => v.active).map((v) => ({ name: v.variable_name, label: v.variable_label })),
    { name: REMARKS_COLUMN, label: t('loans.activity_timeline') },
  ];
  const pin = (name: string) => {
    const next = togglePin(prefs, name);
    if ('error' in next) toaster.create({ type: 'error', title: next.error });
    else onChange(next);
  };
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('loans.columns')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Text fontSize="sm" color="fg.muted" mb="3">
                {t('loans.pin_hint', { max: MAX_PINNED_COLUMNS, count: prefs.pinned.length })}
              </Text>
              <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
                {choices.map(({ name, label }) => {
                  const pinned = prefs.pinned.includes(name);
                  return (
                    <Flex as="li" key={name} align="center" justify="space-between" gap="2" py="1" data-testid="column-choice">
                      <Checkbox.Root size="sm" checked={prefs.visible.includes(name)} onCheckedChange={() => onChange(toggleVisible(prefs, name))}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{label}</Checkbox.Label>
                      </Checkbox.Root>
                      <Button
                        size="xs"
                        variant={pinned ? 'subtle' : 'ghost'}
                        aria-pressed={pinned}
                        aria-label={pinned ? t('loans.unpin_named', { name: label }) : t('loans.pin_named', { name: label })}
                        onClick={() => pin(name)}
                      >
                        {pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
                        <Box as="span" hideBelow="sm">
                          {pinned ? t('loans.unpin') : t('loans.pin')}
                        </Box>
                      </Button>
                    </Flex>
                  );
                })}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
