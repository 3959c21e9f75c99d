/**
 * A screen the signed-in user may not use, opened by URL or an old bookmark (issue 12): said plainly,
 * with a way home, instead of the screen failing on "Permission not found". Plain (shell.css): it
 * needs no screen chunk and no Chakra.
 */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** @param home the link to home that keeps the company (lib/navigation.ts appLink) */
export function NoAccess({ home }: { home: string }) {
  const { t } = useTranslation();
  return (
    <div className="ro-not-found" data-testid="no-access">
      <h1>{t('no_access.title')}</h1>
      <p>{t('no_access.body')}</p>
      <RouterLink to={home} className="ro-btn" data-variant="solid">
        {t('no_access.home')}
      </RouterLink>
    </div>
  );
}
