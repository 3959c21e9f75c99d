/**
 * The session-expired modal (401) and the permission-not-found modal (403 naming a permission),
 * spec 8. A lazy chunk: SessionAlerts mounts it the first time either is raised, so the dialog
 * machinery is not part of any screen's first load.
 */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { describePermission } from '../../domain/users/permissions';
import { leaveToLogin } from '../features/auth/public';
import { session, useSession } from '../lib/store';

function SessionExpiredModal() {
  const { t } = useTranslation();
  const { sessionExpired } = useSession();
  return (
    <Dialog.Root open={sessionExpired} role="alertdialog" closeOnInteractOutside={false} closeOnEscape={false} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('session.expired_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('session.expired_body')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={leaveToLogin}>{t('session.sign_in_again')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PermissionModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { missingPermission } = useSession();
  const close = () => {
    session.missingPermission = null;
  };
  return (
    <Dialog.Root open={missingPermission !== null} role="alertdialog" onOpenChange={(e) => !e.open && close()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('permission.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('permission.body')}</Text>
              {missingPermission && (
                <Text mt="3" fontWeight="semibold" data-testid="missing-permission">
                  {describePermission(missingPermission)}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  navigate({ pathname: '/app', search: window.location.search });
                }}
              >
                {t('permission.go_home')}
              </Button>
              <Button onClick={close}>{t('common.close')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Both modals; each opens from the session store's flag. */
export default function SessionDialogs() {
  return (
    <>
      <SessionExpiredModal />
      <PermissionModal />
    </>
  );
}
