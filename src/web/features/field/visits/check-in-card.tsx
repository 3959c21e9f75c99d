/**
 * GPS check-in of the visit form (issue 4 "GPS check-in (latitude, longitude, accuracy in metres,
 * time)"): asks for a fix when the form opens, shows it with its accuracy, offers a retry, and lets
 * the visit be saved without one (then flagged for verification by the server).
 */
import { Alert, Button, Card, Flex, Spinner, Text } from '@chakra-ui/react';
import { Crosshair, LocateFixed } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_LIMITS } from '../../../../domain/field/geo';
import { formatWhen } from '../format';
import { checkIn, type CheckIn, type CheckInFailure } from '../gps';

export type CheckInState = { state: 'locating' } | { state: 'fix'; fix: CheckIn } | { state: 'failed'; failure: CheckInFailure };

/** Runs a check-in when mounted; `retry` asks again. */
export function useCheckIn(): { checkin: CheckInState; retry: () => void } {
  const [checkin, setCheckin] = useState<CheckInState>({ state: 'locating' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    void checkIn().then((result) => {
      if (!alive) return;
      setCheckin('fix' in result ? { state: 'fix', fix: result.fix } : { state: 'failed', failure: result.failure });
    });
    return () => {
      alive = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setCheckin({ state: 'locating' });
    setAttempt((n) => n + 1);
  }, []);
  return { checkin, retry };
}

export function CheckInCard({ checkin, onRetry }: { checkin: CheckInState; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root size="sm" data-testid="check-in">
      <Card.Body gap="2" p="3">
        <Flex align="center" gap="2">
          {checkin.state === 'locating' ? <Spinner size="sm" /> : <LocateFixed size={18} aria-hidden />}
          <Text fontWeight="semibold" flex="1">
            {t('field.form.check_in')}
          </Text>
          {checkin.state !== 'locating' && (
            <Button size="xs" variant="outline" onClick={onRetry}>
              <Crosshair aria-hidden /> {t('field.form.locate_again')}
            </Button>
          )}
        </Flex>
        {checkin.state === 'locating' && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {t('field.form.locating')}
          </Text>
        )}
        {checkin.state === 'fix' && (
          <>
            <Text fontSize="sm" fontFamily="mono" data-testid="check-in-position">
              {checkin.fix.latitude.toFixed(5)}, {checkin.fix.longitude.toFixed(5)}
            </Text>
            <Text fontSize="sm" color={checkin.fix.accuracyM > VERIFICATION_LIMITS.maxAccuracyMetres ? 'orange.fg' : 'fg.muted'}>
              {t('field.form.accuracy', { metres: checkin.fix.accuracyM, when: formatWhen(checkin.fix.at, i18n.language) })}
              {checkin.fix.accuracyM > VERIFICATION_LIMITS.maxAccuracyMetres ? ` · ${t('field.form.poor_accuracy')}` : ''}
            </Text>
          </>
        )}
        {checkin.state === 'failed' && (
          <Alert.Root status="warning" size="sm" data-testid="check-in-warning">
            <Alert.Indicator />
            <Alert.Description>
              {t(`field.form.no_fix_${checkin.failure}`)} {t('field.form.no_fix_saved')}
            </Alert.Description>
          </Alert.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
