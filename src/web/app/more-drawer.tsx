/**
 * The phone's "More" sheet of the bottom navigation (menu entries past the fourth), a lazy chunk
 * mounted only while open so the drawer machinery stays out of the field route's first load.
 */
import { Drawer, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface MoreDrawerProps {
  title: string;
  open: boolean;
  onClose(): void;
  /** The menu links. */
  children: ReactNode;
}

export default function MoreDrawer({ title, open, onClose, children }: MoreDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3">
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="8">
              <Stack>{children}</Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
