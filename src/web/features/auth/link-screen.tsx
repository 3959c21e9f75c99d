/**
 * `/login/link` (spec 4 link token; issue 12): a link's session token is installed only after the
 * user sees which account it signs in — the server's name and email for that token, not what the
 * link claims — and chooses Continue. Cancel forgets it. Without a pending link (a reload, a typed
 * address) or with a dead token it says the link is not valid.
 */
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeNextPath } from '../../../domain/auth/sign-out';
import { clearPendingLinkSignIn, pendingLinkSignIn } from '../../lib/link-token';
import { signIn, useSession } from '../../lib/store';
import { profileOfToken } from './api';
import { AuthLayout } from './auth-layout';

/** Where Continue goes: the link's own page, else home of the account's first company. */
function landing(next: string | null, companyIds: string[]): string {
  const target = safeNextPath(next, '');
  if (target && !/^\/login(\/|\?|$)/.test(target)) return target;
  return companyIds[0] ? `/app?company_id=${encodeURIComponent(companyIds[0])}` : '/app';
}

export default function LinkSignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { uat: currentUat, email: currentEmail } = useSession();
  // Read once: the pending link lives only in this page load.
  const [link] = useState(pendingLinkSignIn);
  const profile = useQuery({
    queryKey: ['link-sign-in', link?.uat ?? null],
    queryFn: ({ signal }) => profileOfToken(link!.uat, signal),
    enabled: Boolean(link),
    retry: false,
    gcTime: 0,
  });
  const account = profile.data ?? null;
  const sameSession = Boolean(link && currentUat === link.uat);

  const cancel = () => {
    clearPendingLinkSignIn();
    navigate(currentUat ? landing(params.get('next'), []) : '/login', { replace: true });
  };
  const proceed = () => {
    if (!link || !account) return;
    signIn(link.uat, account.email);
    if (link.AsapOAuthKey) localStorage.setItem('AsapOAuthKey', link.AsapOAuthKey);
    clearPendingLinkSignIn();
    // A full load, so nothing of a previous account's screens or caches survives the switch.
    window.location.assign(landing(params.get('next'), Object.keys(account.assigned_companies_dict)));
  };

  const invalid = !link || (!profile.isPending && !account);
  return (
    <AuthLayout title={t('auth.link_title')}>
      <Stack gap="4" data-testid="link-sign-in">
        {invalid ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('auth.link_invalid')}</Alert.Title>
          </Alert.Root>
        ) : !account ? (
          <Text role="status">{t('auth.link_checking')}</Text>
        ) : (
          <>
            <Text>{t('auth.link_account')}</Text>
            <Stack gap="0" data-testid="link-account">
              <Text fontWeight="semibold">{account.name}</Text>
              <Text>{account.email}</Text>
            </Stack>
            {currentUat && currentEmail && !sameSession && (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>{t('auth.link_current', { email: currentEmail })}</Alert.Title>
              </Alert.Root>
            )}
            <Text color="fg.muted">{t('auth.link_confirm')}</Text>
          </>
        )}
        <Stack direction="row" gap="3" justify="flex-end">
          <Button variant="outline" onClick={cancel}>
            {invalid ? t('auth.back_to_sign_in') : t('auth.link_cancel')}
          </Button>
          {!invalid && (
            <Button onClick={proceed} disabled={!account}>
              {t('auth.link_continue')}
            </Button>
          )}
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
