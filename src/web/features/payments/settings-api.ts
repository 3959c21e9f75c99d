/** Payment settings sections and billers calls (issue 15; spec 3), keyed by company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { createBiller, getPaymentSettings, listBillers, putSettingsSection, updateBiller } from '../../../domain/contracts/payments/settings-sections';
import type { SettingsSectionName } from '../../../domain/payments/settings-sections';
import { endpointKey, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { companyInput } from './api';

export function usePaymentSettings(companyId: string | null) {
  return useEndpoint(getPaymentSettings, companyInput(companyId), { enabled: Boolean(companyId) });
}

/** Saves one section, then refetches every section. */
export function usePutSection(companyId: string | null, section: SettingsSectionName) {
  const client = useQueryClient();
  return useEndpointMutation(putSettingsSection[section], { onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(getPaymentSettings, companyInput(companyId)) }) });
}

export function useBillers(companyId: string | null) {
  return useEndpoint(listBillers, companyInput(companyId), { enabled: Boolean(companyId) });
}

/** Adds or edits a biller, then refetches the list. */
export function useSaveBiller() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: [listBillers.operation] });
  return { create: useEndpointMutation(createBiller, { onSuccess }), update: useEndpointMutation(updateBiller, { onSuccess }) };
}
