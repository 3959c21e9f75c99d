/** A labelled native select of the app languages (en, hi, id and RTL English); plain (shell.css), so the shell carries no Chakra. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectBox } from './plain';
import { LANGUAGES } from '../lib/languages';

export function LanguagePicker({ size }: { size?: 'xs' }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <SelectBox id={id} label={t('common.language')} scale={size} value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => void i18n.changeLanguage(e.currentTarget.value)}>
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </SelectBox>
  );
}
