/**
 * The frame of the sign-in pages: product name, a card, the language picker. Plain React and CSS
 * (auth.css) with the texts of lib/plain-texts.ts, so `/login` renders before Chakra UI, i18next
 * and the rest of the app arrive (issue 18); the other sign-in screens put Chakra content inside it.
 * A language chosen here is the app's too (plain-texts.ts announces it to i18next once it runs).
 */
import { useId, type ReactNode } from 'react';
import { LANGUAGES } from '../../lib/languages';
import { choosePlainLanguage, usePlainTexts } from '../../lib/plain-texts';
import { SelectBox } from '../../components/select-box';
import './auth.css';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t, language } = usePlainTexts();
  const id = useId();
  return (
    <main className="ro-shell au-page">
      <div className="au-column">
        <div className="au-head">
          <div>
            <p className="au-brand">{t('app.name')}</p>
            <p className="au-tagline">{t('app.tagline')}</p>
          </div>
          <SelectBox id={id} label={t('common.language')} value={language} onChange={(e) => void choosePlainLanguage(e.currentTarget.value)}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
          </SelectBox>
        </div>
        <div className="au-card">
          <h1>{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
