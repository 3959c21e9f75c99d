/** A route that does not exist. Plain (shell.css): it needs no screen chunk and no Chakra. */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="ro-not-found">
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.body')}</p>
      <RouterLink to="/app" className="ro-btn" data-variant="solid">
        {t('not_found.home')}
      </RouterLink>
    </div>
  );
}
