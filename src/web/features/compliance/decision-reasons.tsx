/** A compliance decision as a screen shows it: allowed or blocked, and each reason's message (in the language the check was asked in). */
import { Alert, List } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DecisionRecord } from '../../../domain/contracts/compliance/check';

export function DecisionReasons({ decision }: { decision: DecisionRecord }) {
  const { t } = useTranslation();
  const status = decision.allowed ? (decision.override_id ? 'warning' : 'success') : 'error';
  const title = decision.allowed ? (decision.override_id ? t('compliance.allowed_by_override') : t('compliance.allowed')) : t('compliance.blocked');
  return (
    <Alert.Root status={status} role="status" data-testid="compliance-decision">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {t('compliance.local_time', { time: decision.local_time, zone: decision.time_zone })}
          {decision.reasons.length > 0 && (
            <List.Root mt="1" ps="4">
              {decision.reasons.map((r) => (
                <List.Item key={r.code} data-code={r.code}>
                  {r.message}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
