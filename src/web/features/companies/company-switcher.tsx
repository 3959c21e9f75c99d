/**
 * Company switcher (spec 2): lists the companies the caller is assigned to; choosing one sets
 * `company_id` in the URL query and keeps the path.
 */
import { NativeSelect, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { CompanySummary } from '../../../domain/contracts/companies';
import { useCompanies } from './api';

export function CompanySwitcher({ assigned, maxW = '64' }: { assigned: CompanySummary[]; maxW?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company_id');
  const many = assigned.length > 1;
  const companies = useCompanies(many);
  const list = companies.data?.companies ?? assigned;
  const current = list.find((c) => c.company_id === companyId) ?? assigned.find((c) => c.company_id === companyId);
  if (!many) {
    return (
      <Text fontWeight="semibold" truncate maxW={maxW} data-testid="company-name">
        {current?.trademark ?? companyId ?? ''}
      </Text>
    );
  }
  return (
    <>
      <VisuallyHidden asChild>
        <label htmlFor={id}>{t('shell.company')}</label>
      </VisuallyHidden>
      <NativeSelect.Root size="sm" maxW={maxW}>
        <NativeSelect.Field
          id={id}
          data-testid="company-switcher"
          value={companyId ?? ''}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            next.set('company_id', e.currentTarget.value);
            setParams(next);
          }}
        >
          {list.map((c) => (
            <option key={c.company_id} value={c.company_id}>
              {c.trademark}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  );
}
