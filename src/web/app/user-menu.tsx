/**
 * The signed-in user's menu (name, email, sign out), opened as soon as it mounts: the shell mounts
 * it (a lazy chunk) when the user first presses the menu button.
 */
import { Box, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { CircleUser, LogOut } from 'lucide-react';

export interface UserMenuPopupProps {
  name: string;
  email: string;
  /** Accessible name of the menu button. */
  label: string;
  signOutLabel: string;
  onSignOut(): void;
}

export default function UserMenuPopup({ name, email, label, signOutLabel, onSignOut }: UserMenuPopupProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" aria-label={label} data-testid="user-menu">
          <CircleUser />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold">{name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {email}
              </Text>
            </Box>
            <Menu.Separator />
            {/* onClick, not the menu's onSelect: the select event needs the menu machine to have
                highlighted the item first, and a click landing while the lazily mounted menu was
                still starting was dropped (the user stayed signed in). Enter clicks the item too. */}
            <Menu.Item value="sign-out" onClick={onSignOut}>
              <LogOut size={16} aria-hidden />
              {signOutLabel}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
