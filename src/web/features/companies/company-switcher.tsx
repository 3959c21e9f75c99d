/**
 * Company switcher (spec 2): lists the companies the caller is assigned to; choosing one sets
 * `company_id` in the URL query and keeps the path. Plain (app/shell.css): it is part of the shell.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { CompanySummary } from '../../../domain/contracts/companies/companies';
import { SelectBox } from '../../components/plain';
import { useCompanies } from './api';

/** `wide`: may take the header's whole width (phones); otherwise at most 16rem. */
export function CompanySwitcher({ assigned, wide = false }: { assigned: CompanySummary[]; wide?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company_id');
  const many = assigned.length > 1;
  const companies = useCompanies(many);
  const list = companies.data?.companies ?? assigned;
  const current = list.find((c) => c.company_id === companyId) ?? assigned.find((c) => c.company_id === companyId);
  const maxWidth = wide ? '100%' : '16rem';
  if (!many) {
    return (
      <p className="ro-company-name" style={{ maxWidth }} data-testid="company-name">
        {current?.trademark ?? companyId ?? ''}
      </p>
    );
  }
  return (
    <SelectBox
      id={id}
      label={t('shell.company')}
      style={{ maxWidth }}
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
    </SelectBox>
  );
}
