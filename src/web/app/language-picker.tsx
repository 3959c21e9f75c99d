/** A labelled native select of the app languages (en, hi, id and RTL English). */
import { NativeSelect } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../lib/i18n';
import { VisuallyHidden } from '@chakra-ui/react';

export function LanguagePicker({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <>
      <VisuallyHidden asChild>
        <label htmlFor={id}>{t('common.language')}</label>
      </VisuallyHidden>
      <NativeSelect.Root size={size} width="auto">
        <NativeSelect.Field id={id} value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => void i18n.changeLanguage(e.currentTarget.value)}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  );
}
