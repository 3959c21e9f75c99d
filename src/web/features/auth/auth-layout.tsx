/**
 * The frame of the sign-in pages: product name, a card, the language picker. Plain React and CSS
 * (auth.css), so `/login` renders without Chakra UI (issue 18: the sign-in page works before the
 * day list's or Chakra's code arrives); the other sign-in screens put Chakra content inside it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/language-picker';
import './auth.css';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="ro-shell au-page">
      <div className="au-column">
        <div className="au-head">
          <div>
            <p className="au-brand">{t('app.name')}</p>
            <p className="au-tagline">{t('app.tagline')}</p>
          </div>
          <LanguagePicker />
        </div>
        <div className="au-card">
          <h1>{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
